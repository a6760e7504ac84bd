import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { DRAFT, PUBLISHED } from './kinds.js';
import { addMissingWebMenus } from './menu-upgrade.js';
import { inTransaction } from '../../db/transaction.js';
import type { UploadStore } from '../common/upload-store.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

interface Article { title: string; summary: string; content: string; days: number; cover?: string | null; draft?: boolean }
/** A contest of the demo; the current one's year and dates come from the first-start seed (race.json, relative to that day). */
interface RaceSeed { title?: string; year?: number; startDate?: string; endDate?: string; coverImage: string; summary: string; content: string }
interface WebSeed {
  dicts: { dictCode: string; dictName: string; items: [string, string][] }[];
  currentRace: RaceSeed;
  pastRaces: (RaceSeed & { title: string })[];
  banners: { title: string; image: string; link: string; sortNo: number }[];
  news: (Article & { category: string; source: string; author: string })[];
  experts: { name: string; jobTitle: string; organisation: string; field: string; intro: string; avatar?: string }[];
  organisations: { name: string; qrCode: string; url: string; intro: string; logo?: string }[];
  policies: (Article & { issuer: string })[];
  services: (Article & { contact: string })[];
  goodExamples: (Article & { company: string })[];
  projects: (Article & { company: string; field: string })[];
}

/** Set once the demo content is in: deleting every news item later does not bring the demo back. */
const MARKER = 'seed:web-content';

/** The seed's images (schemas/seed/files/web) in the upload store, where `/sys/common/static/web/…` serves them. */
async function copySeedFiles(seedDir: string, uploads: UploadStore): Promise<void> {
  const from = path.join(seedDir, 'files', 'web');
  if (!fs.existsSync(from)) return;
  for (const name of fs.readdirSync(from)) await uploads.seed(`web/${name}`, path.join(from, name));
}

const daysAgo = (days: number) => formatDateTime(new Date(Date.now() - days * 86_400_000));

/**
 * The public site's demo content (schemas/seed/web-content.json): the current contest's details,
 * two past contests, banners, news in every category, experts, partner organisations with QR
 * codes, policies, services, good examples and showcase projects. Runs once per database (after
 * the first-start seed, or on the first start of an older database); the images are copied on
 * every start when missing.
 */
export async function seedWebContent(db: AnyDb, opts: { seedDir: string; uploads: UploadStore }): Promise<boolean> {
  await copySeedFiles(opts.seedDir, opts.uploads);
  const file = path.join(opts.seedDir, 'web-content.json');
  if (!fs.existsSync(file)) return false;
  const done = await db.selectFrom('sys_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (done) return false;
  const seed = JSON.parse(fs.readFileSync(file, 'utf8')) as WebSeed;
  const now = formatDateTime();
  const stamp = { createBy: 'system', createTime: now, updateBy: null, updateTime: null };
  const own = { ...stamp, sysOrgCode: null };

  await inTransaction(db, async (tx) => {
    for (const d of seed.dicts) {
      const exists = await tx.selectFrom('sys_dict').select('id').where('dictCode', '=', d.dictCode).executeTakeFirst();
      if (exists) continue;
      const dictId = newId();
      await tx.insertInto('sys_dict').values({ id: dictId, dictCode: d.dictCode, dictName: d.dictName, description: null, delFlag: 0, type: 0, ...stamp }).execute();
      for (const [i, [text, value]] of d.items.entries()) {
        await tx.insertInto('sys_dict_item').values({ id: newId(), dictId, itemText: text, itemValue: value, description: null, sortOrder: i + 1, status: 1, ...stamp }).execute();
      }
    }

    const published = (days: number, draft = false) => ({ publishStatus: draft ? DRAFT : PUBLISHED, publishTime: draft ? null : daysAgo(days) });
    const cur = seed.currentRace;
    const raceDetails = (r: RaceSeed) => ({
      ...(r.year ? { year: r.year } : {}), ...(r.startDate ? { startDate: r.startDate, endDate: r.endDate } : {}),
      coverImage: r.coverImage, summary: r.summary, content: r.content,
    });
    const current = await tx.selectFrom('pms_race').select('id').where('isCurrent', '=', 1).executeTakeFirst();
    if (current) {
      await tx.updateTable('pms_race').set({ ...raceDetails(cur), ...published(60) }).where('id', '=', current.id).execute();
    } else {
      await tx.insertInto('pms_race').values({ id: newId(), title: cur.title ?? '科技成果转化创新创业大赛', isCurrent: 1, ...raceDetails(cur), ...published(60), ...own }).execute();
    }
    for (const r of seed.pastRaces) {
      await tx.insertInto('pms_race').values({
        id: newId(), title: r.title, isCurrent: 0, ...raceDetails(r), publishStatus: PUBLISHED, publishTime: `${r.endDate} 18:00:00`, ...own,
      }).execute();
    }

    const insert = (table: string, rows: Record<string, unknown>[]) =>
      Promise.all(rows.map((r) => tx.insertInto(table).values({ id: newId(), ...r, ...own }).execute()));
    const article = (a: Article) => ({ title: a.title, summary: a.summary, content: a.content, coverImage: a.cover ?? null, ...published(a.days, a.draft) });

    await insert('pms_banner', seed.banners.map((b) => ({ ...b, ...published(60) })));
    await insert('pms_web_news', seed.news.map((n) => ({ ...article(n), category: n.category, source: n.source, author: n.author })));
    await insert('pms_expert', seed.experts.map((e, i) => ({ ...e, avatar: e.avatar ?? null, sortNo: i + 1, ...published(60) })));
    await insert('pms_organ', seed.organisations.map((o, i) => ({ ...o, logo: o.logo ?? null, sortNo: i + 1, ...published(60) })));
    await insert('pms_policy', seed.policies.map((p) => ({ ...article(p), issuer: p.issuer })));
    await insert('pms_race_service', seed.services.map((s) => ({ ...article(s), contact: s.contact })));
    await insert('pms_good_example', seed.goodExamples.map((g) => ({ ...article(g), company: g.company })));
    await insert('pms_showcase', seed.projects.map((p) => ({ ...article(p), company: p.company, field: p.field })));

    await addMissingWebMenus(tx, opts.seedDir, stamp);
    await tx.insertInto('sys_setting').values({ key: MARKER, value: now }).execute();
  });
  return true;
}
