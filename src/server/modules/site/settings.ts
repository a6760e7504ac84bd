import type { SiteSettings } from '../../../schema/site.js';
import type { Db } from '../../db/tables.js';

export type { SiteSettings };

export const DEFAULT_SITE: SiteSettings = {
  appName: '科技成果企业服务平台',
  appAbbr: '科创服务平台',
  appDesc: '科技成果与企业项目申报、评审、竞赛管理一体化平台',
  appLogo: '', appLogoWhite: '', iconLogo: '', helpPath: '',
  allowRegister: true, allowPhoneLogin: true, allowThirdLogin: false, isSetAppLogo: false, openApiDocs: false,
  imgUrl: '', imgWhiteUrl: '', iconUrl: '',
};

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const row = await db.selectFrom('sysSetting').select('value').where('key', '=', 'site').executeTakeFirst();
  if (!row) return DEFAULT_SITE;
  try {
    return { ...DEFAULT_SITE, ...(JSON.parse(row.value) as Partial<SiteSettings>) };
  } catch {
    return DEFAULT_SITE;
  }
}

/** The race marked current, else the newest; ties broken by id so every request picks the same one. */
export async function currentRace(db: Db) {
  const race = await db.selectFrom('pmsRace').selectAll().orderBy('isCurrent', 'desc').orderBy('createTime', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return race ?? null;
}
