/** Cuts text at `length` characters with an ellipsis (SPEC §9: 25 by default). */
export function ellipsis(text: string, length = 25): string {
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}...`;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const POWERS = ['', '拾', '佰', '仟'];
const GROUPS = ['元', '万', '亿'];

/**
 * An amount in Chinese financial capitals (人民币大写), rounded to fen (SPEC §5: below 1e12, two
 * decimals): 1234.5 → 壹仟贰佰叁拾肆元伍角, 1010 → 壹仟零壹拾元整. Every run of zeros between
 * non-zero digits is one 零, also across 万/亿 and between 元 and 角/分 (1680.32 →
 * 壹仟陆佰捌拾元零叁角贰分, the first form of the payment rules); 整 ends an amount without 角分;
 * a negative amount starts with 负. Throws a RangeError for what it cannot write (not finite, ≥ 1e12).
 */
export function currencyToChinese(amount: number): string {
  // toFixed(6) first so that 1.005 (stored as 1.00499…) rounds to 1.01 as written.
  const cents = Number.isFinite(amount) ? Math.round(Number((Math.abs(amount) * 100).toFixed(6))) : NaN;
  if (!(cents < 1e14)) throw new RangeError(`金额须为小于1万亿的数字: ${amount}`);
  if (cents === 0) return '零元整';
  let out = '';
  let zero = false;
  const put = (d: number, unit: string) => {
    if (d === 0) {
      zero = out !== '';
      return;
    }
    out += `${zero ? '零' : ''}${DIGITS[d]}${unit}`;
    zero = false;
  };
  const yuan = String(Math.floor(cents / 100));
  if (yuan !== '0') {
    [...yuan].forEach((c, i) => {
      const power = yuan.length - 1 - i;
      put(Number(c), POWERS[power % 4]);
      // 万/亿 only after a group holding a non-zero digit; 元 always.
      if (power % 4 === 0 && (power === 0 || /[1-9]/.test(yuan.slice(Math.max(0, i - 3), i + 1)))) out += GROUPS[power / 4];
    });
  }
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  put(jiao, '角');
  put(fen, '分');
  if (jiao === 0 && fen === 0) out += '整';
  return `${amount < 0 ? '负' : ''}${out}`;
}
