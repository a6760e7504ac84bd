/** SPEC §3 site setting (the `seting` entity): the wire shape both sides share. */
export interface SiteSettings {
  appName: string;
  appAbbr: string;
  appDesc: string;
  appLogo: string;
  appLogoWhite: string;
  iconLogo: string;
  helpPath: string;
  allowRegister: boolean;
  allowPhoneLogin: boolean;
  allowThirdLogin: boolean;
  isSetAppLogo: boolean;
  /** The API document (/jeecg-boot/doc.html, v3/api-docs) open to anyone; administrators only when off. */
  openApiDocs: boolean;
  imgUrl: string;
  imgWhiteUrl: string;
  iconUrl: string;
}

/** SPEC §3 race / contest info as the site settings carry it. */
export interface RaceInfo {
  title: string;
  loginBg: string | null;
  webUrl: string | null;
  postalCode: string | null;
  email: string | null;
  registrationHotline: string | null;
  address: string | null;
  copyright: string | null;
  adminLogo: string | null;
  /** The declaration and review windows, 'YYYY-MM-DD HH:mm:ss' in the server's time zone. */
  declareStart?: string | null;
  declareEnd?: string | null;
  reviewStart?: string | null;
  reviewEnd?: string | null;
}

/** GET site/siteinfoFz. */
export interface SiteInfo extends SiteSettings {
  /** Whether the account login asks for the image captcha. */
  loginCaptcha?: boolean;
  race: RaceInfo | null;
  /** The server's clock when it answered, as the race's times are written: a countdown to them needs no time zone. */
  serverTime?: string;
}
