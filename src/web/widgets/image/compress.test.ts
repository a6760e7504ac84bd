import { describe, expect, it } from 'vitest';
import { COMPRESS_ABOVE, compressImage, MAX_STEPS, nextAttempt, type Attempt, type ImageFacts } from './compress';

const MB = 1024 * 1024;
const photo: ImageFacts = { type: 'image/jpeg', width: 4000, height: 3000, bytes: 6 * MB };

/** Runs the planner against a size model (bytes ∝ pixels × quality curve) the way the canvas loop does. */
function run(image: ImageFacts, sizeOf: (a: Attempt) => number) {
  const tried: { attempt: Attempt; bytes: number }[] = [];
  for (let a = nextAttempt(image); a; a = nextAttempt(image, tried.at(-1))) tried.push({ attempt: a, bytes: sizeOf(a) });
  return tried;
}

describe('image compression plan (SPEC §9: above 1048576 bytes to about 1024 KB)', () => {
  it('leaves images up to 1048576 bytes and every GIF alone', () => {
    expect(COMPRESS_ABOVE).toBe(1048576);
    expect(nextAttempt({ ...photo, bytes: 1048576 })).toBeNull();
    expect(nextAttempt({ ...photo, bytes: 1048577 })).not.toBeNull();
    expect(nextAttempt({ ...photo, type: 'image/gif', bytes: 20 * MB })).toBeNull();
  });

  it('re-encodes a photo at full size and quality 0.9 first, then lowers quality when close', () => {
    const first = nextAttempt(photo)!;
    expect(first).toEqual({ type: 'image/jpeg', width: 4000, height: 3000, quality: 0.9, step: 1 });
    expect(nextAttempt(photo, { attempt: first, bytes: 1.5 * MB })).toEqual({ ...first, quality: 0.8, step: 2 });
  });

  it('scales by the square root of the size ratio when far off, and stops once it fits', () => {
    const first = nextAttempt(photo)!;
    const next = nextAttempt(photo, { attempt: first, bytes: 4 * MB })!;
    expect(next.quality).toBe(0.9);
    expect(next.width).toBe(Math.round(4000 * 0.5 * 0.95));
    expect(next.height).toBe(Math.round(3000 * 0.5 * 0.95));
    expect(nextAttempt(photo, { attempt: next, bytes: COMPRESS_ABOVE })).toBeNull();
  });

  it('keeps PNG as PNG (transparency) and shrinks only its pixels', () => {
    const png = { type: 'image/png', width: 2000, height: 2000, bytes: 4 * MB };
    expect(nextAttempt(png)).toEqual({ type: 'image/png', width: 950, height: 950, quality: undefined, step: 1 });
  });

  it('gives up after the step limit or before the picture gets tiny', () => {
    const first = nextAttempt(photo)!;
    expect(nextAttempt(photo, { attempt: { ...first, step: MAX_STEPS }, bytes: 2 * MB })).toBeNull();
    expect(nextAttempt(photo, { attempt: { ...first, width: 80, height: 60, quality: 0.5 }, bytes: 50 * MB })).toBeNull();
  });

  it('reaches the target within the step limit for a photo and a PNG', () => {
    const jpegModel = (a: Attempt) => a.width * a.height * (a.quality! * a.quality!) * 0.6;
    const jpeg = run({ ...photo, bytes: 10 * MB }, jpegModel);
    expect(jpeg.at(-1)!.bytes).toBeLessThanOrEqual(COMPRESS_ABOVE);
    expect(jpeg.at(-1)!.bytes).toBeGreaterThan(COMPRESS_ABOVE * 0.5);
    expect(jpeg.length).toBeLessThanOrEqual(MAX_STEPS);
    const pngModel = (a: Attempt) => a.width * a.height * 1.3;
    const png = run({ type: 'image/png', width: 3000, height: 2000, bytes: 3000 * 2000 * 1.3 }, pngModel);
    expect(png.at(-1)!.bytes).toBeLessThanOrEqual(COMPRESS_ABOVE);
    expect(png.every((t) => t.attempt.type === 'image/png')).toBe(true);
  });
});

describe('compressImage', () => {
  it('returns small images and GIFs untouched, without decoding them', async () => {
    const small = new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' });
    const gif = new File([new Uint8Array(COMPRESS_ABOVE + 10)], 'big.gif', { type: 'image/gif' });
    expect(await compressImage(small)).toBe(small);
    expect(await compressImage(gif)).toBe(gif);
  });

  it('sends the original when the picture cannot be decoded here', async () => {
    const broken = new File([new Uint8Array(COMPRESS_ABOVE + 10)], 'broken.jpg', { type: 'image/jpeg' });
    expect(await compressImage(broken)).toBe(broken);
  });
});
