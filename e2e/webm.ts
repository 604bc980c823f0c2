/**
 * A small EBML reader for the video test: reads what a WebM file says about
 * its size and its length, without a media library. The file is read in one pass: the master
 * elements that matter (Segment, Info, Tracks, TrackEntry, Video, Cluster) are entered, every other
 * element is skipped by its size. MediaRecorder writes Segment and Cluster with an unknown size (a
 * live stream), which this pass does not need.
 */

/** What {@link readWebm} found. */
export interface WebmFacts {
  /** EBML DocType (`webm`). */
  readonly docType: string | null;
  readonly pixelWidth: number | null;
  readonly pixelHeight: number | null;
  /** CodecID of the first track (`V_VP8`, `V_VP9`). */
  readonly codec: string | null;
  /** Nanoseconds per timecode unit (1,000,000 by default). */
  readonly timecodeScale: number;
  /** Segment Info's Duration in seconds, when the file has one. */
  readonly duration: number | null;
  /** Every SimpleBlock's and Block's absolute time, in seconds, in file order. */
  readonly blockTimes: readonly number[];
  /** SimpleBlocks flagged as keyframes. */
  readonly keyframes: number;
  /** Where each block's frame data lies in the file (for decoding a frame to look at). */
  readonly frames: readonly { readonly time: number; readonly key: boolean; readonly offset: number; readonly size: number }[];
}

const MASTERS = new Set([0x18538067 /* Segment */, 0x1549a966 /* Info */, 0x1654ae6b /* Tracks */, 0xae /* TrackEntry */, 0xe0 /* Video */, 0x1f43b675 /* Cluster */, 0xa0 /* BlockGroup */, 0x1a45dfa3 /* EBML */]);

/** Reads an EBML variable-size integer at `pos`: its value and length (`keepMarker` for IDs). */
function vint(buf: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf[pos];
  if (first === undefined) throw new Error(`EBML: read past the end at ${pos}`);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error(`EBML: invalid variable-size integer at ${pos}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    const b = buf[pos + i];
    if (b === undefined) throw new Error(`EBML: read past the end at ${pos + i}`);
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function uint(buf: Uint8Array, pos: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + buf[pos + i]!;
  return v;
}

function float(buf: Uint8Array, pos: number, size: number): number {
  const view = new DataView(buf.buffer, buf.byteOffset + pos, size);
  return size === 4 ? view.getFloat32(0) : view.getFloat64(0);
}

function text(buf: Uint8Array, pos: number, size: number): string {
  return new TextDecoder().decode(buf.subarray(pos, pos + size)).replace(/\0+$/, '');
}

/** Reads a WebM file's frame size, timecode scale, duration and block times. Throws on a malformed file. */
export function readWebm(buf: Uint8Array): WebmFacts {
  let docType: string | null = null;
  let pixelWidth: number | null = null;
  let pixelHeight: number | null = null;
  let codec: string | null = null;
  let timecodeScale = 1_000_000;
  let durationUnits: number | null = null;
  let clusterTime = 0;
  let keyframes = 0;
  const blocks: number[] = [];
  const frames: { time: number; key: boolean; offset: number; size: number }[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const id = vint(buf, pos, true);
    const size = vint(buf, pos + id.length, false);
    const body = pos + id.length + size.length;
    if (MASTERS.has(id.value)) {
      pos = body;
      continue;
    }
    if (size.unknown) throw new Error(`EBML: element 0x${id.value.toString(16)} of unknown size at ${pos}`);
    const n = size.value;
    if (body + n > buf.length) break; // a last element cut short
    switch (id.value) {
      case 0x4282:
        docType = text(buf, body, n);
        break;
      case 0xb0:
        pixelWidth ??= uint(buf, body, n);
        break;
      case 0xba:
        pixelHeight ??= uint(buf, body, n);
        break;
      case 0x86:
        codec ??= text(buf, body, n);
        break;
      case 0x2ad7b1:
        timecodeScale = uint(buf, body, n);
        break;
      case 0x4489:
        durationUnits = float(buf, body, n);
        break;
      case 0xe7:
        clusterTime = uint(buf, body, n);
        break;
      case 0xa3:
      case 0xa1: {
        const track = vint(buf, body, false);
        const rel = new DataView(buf.buffer, buf.byteOffset + body + track.length, 2).getInt16(0);
        blocks.push(clusterTime + rel);
        const key = id.value === 0xa3 && (buf[body + track.length + 2]! & 0x80) !== 0;
        if (key) keyframes++;
        const offset = body + track.length + 3;
        frames.push({ time: clusterTime + rel, key, offset, size: body + n - offset });
        break;
      }
    }
    pos = body + n;
  }
  const seconds = (units: number) => (units * timecodeScale) / 1e9;
  return { docType, pixelWidth, pixelHeight, codec, timecodeScale, duration: durationUnits === null ? null : seconds(durationUnits), blockTimes: blocks.map(seconds), keyframes, frames: frames.map((f) => ({ ...f, time: seconds(f.time) })) };
}
