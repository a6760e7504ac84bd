import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Which notices I want pushed to my open pages, and my theme and layout (SPEC §2 settings drawer, §9 defaults). */
export interface Preferences {
  notification: { announcement: boolean; system: boolean; sound: boolean };
  custom: {
    navTheme: 'dark' | 'light'; primaryColor: string; layout: 'sidemenu' | 'topmenu'; contentWidth: 'Fixed' | 'Fluid';
    fixedHeader: boolean; autoHideHeader: boolean; fixSiderbar: boolean; colorWeak: boolean; multipage: boolean;
  };
}

export const DEFAULT_PREFERENCES: Preferences = {
  notification: { announcement: true, system: true, sound: false },
  custom: {
    navTheme: 'dark', primaryColor: '#1890FF', layout: 'sidemenu', contentWidth: 'Fixed',
    fixedHeader: true, autoHideHeader: false, fixSiderbar: true, colorWeak: false, multipage: true,
  },
};

const bool = { type: 'boolean' } as const;
const preferencesSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    notification: { type: 'object', additionalProperties: false, properties: { announcement: bool, system: bool, sound: bool } },
    custom: {
      type: 'object', additionalProperties: false,
      properties: {
        navTheme: { type: 'string', enum: ['dark', 'light'] }, primaryColor: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' },
        layout: { type: 'string', enum: ['sidemenu', 'topmenu'] }, contentWidth: { type: 'string', enum: ['Fixed', 'Fluid'] },
        fixedHeader: bool, autoHideHeader: bool, fixSiderbar: bool, colorWeak: bool, multipage: bool,
      },
    },
  },
} as const;

/** A stored document over the defaults: a setting added later gets its default for everyone. */
export function mergePreferences(stored: Partial<Preferences> | null | undefined): Preferences {
  return {
    notification: { ...DEFAULT_PREFERENCES.notification, ...(stored?.notification ?? {}) },
    custom: { ...DEFAULT_PREFERENCES.custom, ...(stored?.custom ?? {}) },
  };
}

export async function preferencesOf(db: Kysely<any>, userId: string): Promise<Preferences> {
  const row = await db.selectFrom('sys_user_preference').select('preferences').where('userId', '=', userId).executeTakeFirst();
  let stored: Partial<Preferences> | null = null;
  try { stored = row ? JSON.parse(row.preferences) : null; } catch { /* a damaged document reads as the defaults */ }
  return mergePreferences(stored);
}

/** 个人设置 › 新消息通知 and 个性化: my preferences, kept with my account so they follow me to another browser. */
export async function preferenceRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get('/sys/account/preferences', { config: { access: 'login', guest: true } }, async (req) => ok(await preferencesOf(db, req.user!.id)));

  app.put<{ Body: Partial<Preferences> }>('/sys/account/preferences', { config: { access: 'login' }, schema: { body: preferencesSchema } }, async (req) => {
    const userId = req.user!.id;
    const current = await preferencesOf(db, userId);
    const next = mergePreferences({
      notification: { ...current.notification, ...(req.body.notification ?? {}) },
      custom: { ...current.custom, ...(req.body.custom ?? {}) },
    });
    const row = { preferences: JSON.stringify(next), updateTime: formatDateTime() };
    await db.insertInto('sys_user_preference').values({ userId, ...row })
      .onConflict((oc) => oc.column('userId').doUpdateSet(row)).execute();
    return ok(next, '保存成功');
  });
}
