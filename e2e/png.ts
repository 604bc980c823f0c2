// A small PNG reader for the export tests (8-bit RGB/RGBA, not interlaced: what canvas.toBlob
// writes), so a test can check a downloaded picture's size and that it is not blank.
import { inflateSync } from 'node:zlib';

export interface Png {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes a pixel. */
  readonly pixels: Uint8Array;
}

export function decodePng(file: Buffer): Png {
  const SIG = '89504e470d0a1a0a';
  if (file.subarray(0, 8).toString('hex') !== SIG) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  while (at < file.length) {
    const len = file.readUInt32BE(at);
    const type = file.subarray(at + 4, at + 8).toString('latin1');
    const data = file.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
      colorType = data[9]!;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + len;
  }
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (!channels) throw new Error(`colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  const prev = new Uint8Array(stride);
  const line = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      let v = src[i]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = line[x * channels]!;
      out[o + 1] = line[x * channels + 1]!;
      out[o + 2] = line[x * channels + 2]!;
      out[o + 3] = channels === 4 ? line[x * channels + 3]! : 255;
    }
    prev.set(line);
  }
  return { width, height, pixels: out };
}

/** Distinct colours among the pixels (alpha included), sampled every `step` pixels. */
export function distinctColours(png: Png, step = 7): number {
  const seen = new Set<number>();
  const view = new DataView(png.pixels.buffer, png.pixels.byteOffset, png.pixels.byteLength);
  for (let i = 0; i < png.width * png.height; i += step) seen.add(view.getUint32(i * 4));
  return seen.size;
}
