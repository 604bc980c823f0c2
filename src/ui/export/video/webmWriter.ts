/**
 * A WebM file (Matroska's web profile) from encoded video frames, written
 * here so that every frame carries the timestamp the schedule gives it (frame i at i/30 s),
 * whatever the time the page took to draw it. Pure: bytes in, bytes out.
 *
 * Layout: the EBML header (DocType `webm`), then one Segment of known size holding Info
 * (timecode scale 1 ms, the duration), Tracks (one video track: codec, pixel size, the frame
 * duration), the Clusters (a new one at every keyframe, or when a block's offset would pass
 * 30 s), each with its time and SimpleBlocks, and Cues (one per cluster) so players can seek.
 */

/** An encoded frame: its bytes, its timestamp in microseconds, whether it is a keyframe. */
export interface EncodedFrame {
  readonly data: Uint8Array;
  readonly timestampUs: number;
  readonly key: boolean;
}

/** What the video track says of itself. */
export interface WebmTrack {
  /** Matroska codec id: `V_VP8` or `V_VP9`. */
  readonly codecId: string;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
}

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  DefaultDuration: 0x23e383,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
} as const;

/** The longest offset of a block from its cluster's time, in ms (a signed 16-bit field). */
const MAX_BLOCK_OFFSET_MS = 30_000;

type Part = Uint8Array;

function idBytes(id: number): Part {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return Uint8Array.from(out);
}

/** An EBML size: the shortest variable-size integer (up to 8 bytes). */
function sizeBytes(n: number): Part {
  let length = 1;
  // A length-L vint holds up to 2^(7L) - 2 (all ones means "unknown").
  while (length < 8 && n > 2 ** (7 * length) - 2) length++;
  const out = new Uint8Array(length);
  let v = n;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

function uintBytes(n: number): Part {
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return Uint8Array.from(out.length ? out : [0]);
}

function concat(parts: readonly Part[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function element(id: number, body: Part | readonly Part[]): Part {
  // `ArrayBuffer.isView`, not `instanceof`: a TextEncoder's array may come from another realm (jsdom).
  const b = ArrayBuffer.isView(body) ? (body as Part) : concat(body as readonly Part[]);
  return concat([idBytes(id), sizeBytes(b.length), b]);
}

const uint = (id: number, n: number) => element(id, uintBytes(n));
const str = (id: number, s: string) => element(id, new TextEncoder().encode(s));
function f64(id: number, x: number): Part {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, x);
  return element(id, b);
}

/**
 * A WebM file of `frames` (in presentation order, timestamps not decreasing) for `track`. The
 * duration is the last frame's timestamp plus one frame.
 */
export function writeWebm(track: WebmTrack, frames: readonly EncodedFrame[]): Uint8Array {
  const frameMs = 1000 / track.fps;
  const ms = (us: number) => Math.round(us / 1000);
  const lastMs = frames.length ? ms(frames[frames.length - 1]!.timestampUs) : 0;
  const header = element(ID.EBML, [
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    str(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 2),
    uint(ID.DocTypeReadVersion, 2),
  ]);
  const info = element(ID.Info, [uint(ID.TimecodeScale, 1_000_000), str(ID.MuxingApp, 'ShardScope'), str(ID.WritingApp, 'ShardScope'), f64(ID.Duration, frames.length ? lastMs + frameMs : 0)]);
  const tracks = element(ID.Tracks, [
    element(ID.TrackEntry, [
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1),
      uint(ID.FlagLacing, 0),
      str(ID.CodecID, track.codecId),
      uint(ID.DefaultDuration, Math.round(1e9 / track.fps)),
      element(ID.Video, [uint(ID.PixelWidth, track.width), uint(ID.PixelHeight, track.height)]),
    ]),
  ]);
  // Clusters, each starting at a keyframe when it can.
  const clusters: { time: number; blocks: Part[] }[] = [];
  for (const f of frames) {
    const t = ms(f.timestampUs);
    const open = clusters[clusters.length - 1];
    if (!open || f.key || t - open.time > MAX_BLOCK_OFFSET_MS) clusters.push({ time: t, blocks: [] });
    const c = clusters[clusters.length - 1]!;
    const head = new Uint8Array(4);
    head[0] = 0x81; // track 1 as a 1-byte vint
    new DataView(head.buffer).setInt16(1, t - c.time);
    head[3] = f.key ? 0x80 : 0;
    c.blocks.push(element(ID.SimpleBlock, [head, f.data]));
  }
  const clusterParts = clusters.map((c) => element(ID.Cluster, [uint(ID.Timecode, c.time), ...c.blocks]));
  // Cue positions count from the start of the Segment's body.
  let offset = info.length + tracks.length;
  const cuePoints: Part[] = [];
  clusterParts.forEach((part, i) => {
    cuePoints.push(element(ID.CuePoint, [uint(ID.CueTime, clusters[i]!.time), element(ID.CueTrackPositions, [uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, offset)])]));
    offset += part.length;
  });
  const body = [info, tracks, ...clusterParts, ...(cuePoints.length ? [element(ID.Cues, cuePoints)] : [])];
  return concat([header, element(ID.Segment, body)]);
}
