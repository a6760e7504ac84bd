import { randomInt } from 'node:crypto';
import type { Db } from '../../db/tables.js';
import { Quota, minutesText } from '../../state/quota.js';
import type { StateStore } from '../../state/store.js';

export const CODE_TTL_MS = 600_000;
const HOUR_MS = 3_600_000;
// Five tries per code: with five codes an hour, guessing six digits is hopeless.
const TRIES_PER_CODE = 5;
const SENT_PER_MOBILE = 5;
// Generous: a campus behind one address registers many applicants in the deadline hour; it still stops one host texting thousands of numbers.
const SENT_PER_ADDRESS = 100;

export type Issued = { code: string } | { refusal: string };

/**
 * The six-digit SMS codes of phone login, registration and password reset (one live code per
 * mobile, kept in sys_sms_code). The quotas and the tries are counted in the shared state, so
 * several instances allow no more than one.
 */
export class SmsCodes {
  private readonly perMobile: Quota;
  private readonly perAddress: Quota;
  private readonly tries: Quota;

  constructor(private readonly db: Db, state: StateStore) {
    this.perMobile = new Quota(state, 'sms:sent:mobile', SENT_PER_MOBILE, HOUR_MS);
    this.perAddress = new Quota(state, 'sms:sent:address', SENT_PER_ADDRESS, HOUR_MS);
    this.tries = new Quota(state, 'sms:tries', TRIES_PER_CODE, CODE_TTL_MS);
  }

  /** A new code for the mobile, or why none is sent. */
  async issue(mobile: string, ip: string): Promise<Issued> {
    const live = await this.db.selectFrom('sysSmsCode').select('expiresAt').where('mobile', '=', mobile).executeTakeFirst();
    if (live && live.expiresAt > Date.now()) return { refusal: '验证码10分钟内，仍然有效！' };
    const wait = Math.max(await this.perMobile.waitMs(mobile), await this.perAddress.waitMs(ip));
    if (wait > 0) return { refusal: `短信发送过于频繁，请${minutesText(wait)}后再试` };
    // Counted before sending: concurrent requests cannot all pass one open check.
    const over = Math.max(await this.perMobile.use(mobile), await this.perAddress.use(ip));
    if (over > 0) return { refusal: `短信发送过于频繁，请${minutesText(over)}后再试` };

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = { mobile, code, expiresAt: Date.now() + CODE_TTL_MS };
    await this.db.insertInto('sysSmsCode').values(row)
      .onConflict((oc) => oc.column('mobile').doUpdateSet({ code: row.code, expiresAt: row.expiresAt })).execute();
    await this.tries.reset(mobile);
    return { code };
  }

  /**
   * True for one caller only when `code` is the mobile's live code; the code is then used up. Each
   * try is counted before the comparison, so even tries sent together get no more than five
   * comparisons; the fifth wrong one voids the code.
   */
  async consume(mobile: string, code: string): Promise<boolean> {
    if (await this.tries.use(mobile) > 0) return false;
    const gone = await this.db.deleteFrom('sysSmsCode')
      .where('mobile', '=', mobile).where('code', '=', code).where('expiresAt', '>', Date.now()).executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) {
      await this.tries.reset(mobile);
      return true;
    }
    if (await this.tries.waitMs(mobile) > 0) await this.db.deleteFrom('sysSmsCode').where('mobile', '=', mobile).execute();
    return false;
  }
}
