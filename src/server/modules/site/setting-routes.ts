import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../../schema/site.js';
import { requireAction } from '../../crud/permission.js';
import { badRequest, ok } from '../../http/result.js';
import { DEFAULT_SITE, readSiteSettings } from './settings.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

export const SITE_SETTING_EDIT = 'system:siteSetting:edit';

type TextKey = Exclude<{ [K in keyof SiteSettings]: SiteSettings[K] extends string ? K : never }[keyof SiteSettings], undefined>;
type FlagKey = Exclude<keyof SiteSettings, TextKey>;

const TEXT: Record<TextKey, { label: string; max: number; required?: boolean; path?: boolean }> = {
  appName: { label: '系统名称', max: 100, required: true },
  appAbbr: { label: '系统简称', max: 50, required: true },
  appDesc: { label: '系统描述', max: 500 },
  appLogo: { label: '系统Logo', max: 500, path: true },
  appLogoWhite: { label: '白色Logo', max: 500, path: true },
  iconLogo: { label: '图标Logo', max: 500, path: true },
  helpPath: { label: '帮助文档地址', max: 500, path: true },
  imgUrl: { label: 'Logo地址', max: 500, path: true },
  imgWhiteUrl: { label: '白色Logo地址', max: 500, path: true },
  iconUrl: { label: '图标地址', max: 500, path: true },
};
const FLAGS: Record<FlagKey, string> = {
  allowRegister: '允许注册', allowPhoneLogin: '允许手机号登录', allowThirdLogin: '允许第三方登录', isSetAppLogo: '使用自定义Logo', openApiDocs: '公开接口文档',
};

/** An uploaded file's relative path, a site path or an http(s) address: never `javascript:` and friends. */
const SAFE_PATH = /^(https?:\/\/[^\s"'<>]+|(?![A-Za-z][A-Za-z0-9+.-]*:)[^\s"'<>]+)$/;

/** The settings a PUT body describes: every field optional (unchanged when absent), each checked. */
export function parseSiteSettings(body: unknown, current: SiteSettings): SiteSettings {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是 JSON 对象');
  const b = body as Record<string, unknown>;
  const next: SiteSettings = { ...current };
  for (const [key, rule] of Object.entries(TEXT) as [TextKey, (typeof TEXT)[TextKey]][]) {
    const v = b[key];
    if (v === undefined) continue;
    if (v !== null && typeof v !== 'string') throw badRequest(`${rule.label}必须是文本`);
    const text = (v ?? '').trim();
    if (rule.required && !text) throw badRequest(`${rule.label}不能为空`);
    if (text.length > rule.max) throw badRequest(`${rule.label}不能超过 ${rule.max} 个字符`);
    if (rule.path && text && !SAFE_PATH.test(text)) throw badRequest(`${rule.label}格式不正确`);
    next[key] = text;
  }
  for (const [key, label] of Object.entries(FLAGS) as [FlagKey, string][]) {
    const v = b[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') throw badRequest(`${label}必须是 true 或 false`);
    next[key] = v;
  }
  return next;
}

/** SPEC §3 site settings in the back office: read by any signed-in user, changed with the button code. */
export async function siteSettingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/sys/setting/site', { config: { access: 'login' } }, async () => ok(await readSiteSettings(db)));
  app.put('/sys/setting/site', { config: { access: { permission: SITE_SETTING_EDIT } }, ...documentedOnly({ body: fields({ appName: ['string', '系统名称'], appAbbr: ['string', '系统简称'], appDesc: ['string', '系统描述'], appLogo: ['string', '系统Logo'], allowRegister: ['boolean', '允许注册'], allowPhoneLogin: ['boolean', '允许手机号登录'], allowThirdLogin: ['boolean', '允许第三方登录'], openApiDocs: ['boolean', '公开接口文档'] }) }) }, async (req) => {
    await requireAction(db, req, SITE_SETTING_EDIT);
    const next = parseSiteSettings(req.body, await readSiteSettings(db));
    const value = JSON.stringify({ ...DEFAULT_SITE, ...next });
    const updated = await db.updateTable('sysSetting').set({ value }).where('key', '=', 'site').executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) await db.insertInto('sysSetting').values({ key: 'site', value }).execute();
    return ok(next, '保存成功');
  });
}
