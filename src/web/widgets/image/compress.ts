/** SPEC §9: images above 1048576 bytes are compressed to about 1024 KB before upload. */
export const COMPRESS_ABOVE = 1048576;
/** Attempts before giving up and sending the smallest result. */
export const MAX_STEPS = 8;
const START_QUALITY = 0.9;
const MIN_QUALITY = 0.5;
/** Below this many pixels on the short side an image is not worth shrinking further. */
const MIN_SIDE = 64;

export interface ImageFacts { type: string; width: number; height: number; bytes: number }

export interface Attempt {
  /** PNG stays PNG (transparency kept, only fewer pixels help); everything else becomes JPEG. */
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** JPEG quality 0–1. */
  quality?: number;
  step: number;
}

/** GIFs are never re-encoded: a canvas keeps only their first frame. */
export const needsCompression = (file: { type: string; size: number }) => file.size > COMPRESS_ABOVE && file.type !== 'image/gif';

/**
 * The next encoding to try, or null when there is nothing (more) to do: the image is small enough
 * or a GIF, the last result fits, the steps ran out, or the picture would get too small.
 * A JPEG close to the target first loses quality (down to 0.5); one far from it loses pixels.
 * Encoded size goes roughly with the pixel count, so a side scales by √(target / size).
 */
export function nextAttempt(image: ImageFacts, last?: { attempt: Attempt; bytes: number }): Attempt | null {
  if (!needsCompression({ type: image.type, size: image.bytes })) return null;
  const type = image.type === 'image/png' ? 'image/png' : 'image/jpeg';
  if (!last) {
    // A re-encoded JPEG is often already small enough at full size; a PNG only shrinks with its pixels.
    return type === 'image/png'
      ? sized(image, Math.sqrt(COMPRESS_ABOVE / image.bytes) * 0.95, type, undefined, 1)
      : sized(image, 1, type, START_QUALITY, 1);
  }
  const { attempt, bytes } = last;
  if (bytes <= COMPRESS_ABOVE || attempt.step >= MAX_STEPS) return null;
  const ratio = COMPRESS_ABOVE / bytes;
  const scale = attempt.width / image.width;
  if (attempt.quality !== undefined && attempt.quality > MIN_QUALITY && ratio > 0.5) {
    return { ...attempt, quality: Math.round((attempt.quality - 0.1) * 10) / 10, step: attempt.step + 1 };
  }
  return sized(image, scale * Math.sqrt(ratio) * 0.95, type, attempt.quality, attempt.step + 1);
}

function sized(image: ImageFacts, scale: number, type: Attempt['type'], quality: number | undefined, step: number): Attempt | null {
  const s = Math.min(1, scale);
  const width = Math.round(image.width * s);
  const height = Math.round(image.height * s);
  if (Math.min(width, height) < Math.min(MIN_SIDE, image.width, image.height)) return null;
  return { type, width, height, quality, step };
}

/** Draws the picture at the attempt's size and encodes it; transparent parts of a JPEG become white. */
async function encode(picture: ImageBitmap, a: Attempt): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = a.width;
  canvas.height = a.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  if (a.type === 'image/jpeg') {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, a.width, a.height);
  }
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(picture, 0, 0, a.width, a.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encoding failed'))), a.type, a.quality));
}

const renamed = (name: string, type: string) => (type === 'image/jpeg' && !/\.jpe?g$/i.test(name) ? `${name.replace(/\.[^.]*$/, '')}.jpg` : name);

/**
 * The file to upload: the picked one when it is small, a GIF, or cannot be decoded here; otherwise
 * the smallest encoding found (about 1024 KB). Never fails: a problem means the original goes.
 */
export async function compressImage(file: File): Promise<File> {
  if (!needsCompression(file)) return file;
  let picture: ImageBitmap | undefined;
  try {
    picture = await createImageBitmap(file);
    const image: ImageFacts = { type: file.type, width: picture.width, height: picture.height, bytes: file.size };
    let best: Blob | undefined;
    let last: { attempt: Attempt; bytes: number } | undefined;
    for (let a = nextAttempt(image); a; a = nextAttempt(image, last)) {
      const blob = await encode(picture, a);
      if (!best || blob.size < best.size) best = blob;
      last = { attempt: a, bytes: blob.size };
    }
    if (!best || best.size >= file.size) return file;
    return new File([best], renamed(file.name, best.type), { type: best.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    picture?.close();
  }
}
