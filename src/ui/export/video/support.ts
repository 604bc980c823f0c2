/**
 * What this browser can record a video with, and how a recorded frame
 * gets its timestamp.
 *
 * - **WebCodecs** (`VideoEncoder`, Chromium and Firefox in a secure context: https, localhost
 *   or a file): each frame is encoded with the timestamp the schedule gives it, exactly i/30 s,
 *   and written into a WebM file by `./webmWriter`. How long a frame took to draw changes
 *   nothing in the file. VP9 when the encoder takes it at 1920x1080, else VP8.
 * - **MediaRecorder** (the fallback, e.g. a plain-http page where WebCodecs is not exposed):
 *   the canvas's stream is `captureStream(0)` and each frame is pushed with `requestFrame()`, so
 *   its content is the frame drawn; the recorder stamps it with its own clock, which is kept
 *   paused while a frame is drawn and runs about 1/30 s per frame. Timestamps are then close
 *   to i/30 s, within the timer's jitter, and a browser that falls behind may drop frames.
 * - Neither: the page says so and records nothing.
 */

/** How a recording is made, or why it cannot be. */
export type VideoSupport =
  | { readonly kind: 'webcodecs'; readonly codec: string; readonly codecId: 'V_VP9' | 'V_VP8' }
  | { readonly kind: 'mediarecorder'; readonly mimeType: string }
  | { readonly kind: 'unsupported' };

/** The parts of `globalThis` the check reads (injectable for tests). */
export interface VideoEnv {
  readonly VideoEncoder?: { isConfigSupported(config: VideoEncoderConfig): Promise<{ supported?: boolean }> } | undefined;
  readonly VideoFrame?: unknown;
  readonly MediaRecorder?: { isTypeSupported(type: string): boolean } | undefined;
  /** Whether a canvas can be captured as a stream (`HTMLCanvasElement.prototype.captureStream`). */
  readonly canCaptureCanvas?: boolean;
}

/** The encoder settings for a video of this size (bits per second: about 8 Mbit/s at 1080p). */
export function encoderConfig(codec: string, width: number, height: number, fps: number): VideoEncoderConfig {
  return { codec, width, height, framerate: fps, bitrate: 8_000_000, latencyMode: 'realtime' };
}

const CODECS = [
  { codec: 'vp09.00.10.08', codecId: 'V_VP9' },
  { codec: 'vp8', codecId: 'V_VP8' },
] as const;

const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

/** The environment of this page. */
export function browserVideoEnv(): VideoEnv {
  const g = globalThis as unknown as Record<string, unknown>;
  return {
    VideoEncoder: g.VideoEncoder as VideoEnv['VideoEncoder'],
    VideoFrame: g.VideoFrame,
    MediaRecorder: g.MediaRecorder as VideoEnv['MediaRecorder'],
    canCaptureCanvas: typeof HTMLCanvasElement === 'function' && typeof HTMLCanvasElement.prototype.captureStream === 'function',
  };
}

/** How this browser records a `width` x `height` video at `fps` (see the module comment); never throws. */
export async function videoSupport(width: number, height: number, fps: number, env: VideoEnv = browserVideoEnv()): Promise<VideoSupport> {
  if (env.VideoEncoder && env.VideoFrame) {
    for (const c of CODECS) {
      try {
        const answer = await env.VideoEncoder.isConfigSupported(encoderConfig(c.codec, width, height, fps));
        if (answer.supported) return { kind: 'webcodecs', codec: c.codec, codecId: c.codecId };
      } catch {
        // A refusal is a "no": try the next codec, then MediaRecorder.
      }
    }
  }
  if (env.MediaRecorder && env.canCaptureCanvas) {
    for (const type of WEBM_TYPES) {
      try {
        if (env.MediaRecorder.isTypeSupported(type)) return { kind: 'mediarecorder', mimeType: type };
      } catch {
        // As above.
      }
    }
  }
  return { kind: 'unsupported' };
}
