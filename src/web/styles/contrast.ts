/**
 * WCAG 2.1 contrast arithmetic (success criterion 1.4.3): relative luminance of sRGB colours, their
 * contrast ratio, and the nearest darker shade of a colour that reaches a ratio against a background.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x);
  return (la + 0.05) / (lb + 0.05);
}

/**
 * `color` itself when it already reaches `ratio` against `background`, else the lightest shade of it
 * (mixed towards black, so its hue stays) that does: a chosen theme colour stays recognisable while
 * its text and the white text on it become readable.
 */
export function readableOn(color: string, background = '#ffffff', ratio = 4.5): string {
  const rgb = parseHex(color);
  for (let k = 0; k <= 100; k += 1) {
    const shade = toHex(rgb.map((c) => c * (1 - k / 100)) as Rgb);
    if (contrastRatio(shade, background) >= ratio) return shade;
  }
  return '#000000';
}
