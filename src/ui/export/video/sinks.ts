/**
 * Where recorded frames go. Both sinks take the canvas after each frame is
 * drawn and give a WebM blob at the end (see `./support` for how each one stamps its frames).
 */
import { encoderConfig, type VideoSupport } from './support';
import { frameTimestampUs } from './schedule';
import { writeWebm, type EncodedFrame } from './webmWriter';

/** Takes the frames of one recording, in order. */
export interface VideoSink {
  /** Records the canvas as it is now as frame `index`. */
  add(index: number): Promise<void>;
  /** The whole video. */
  finish(): Promise<Blob>;
  /** Stops and lets everything go (Cancel). */
  abort(): void;
}

/** A keyframe every this many frames (2 s): a player can seek, a cut file still plays. */
const KEYFRAME_EVERY = 60;
/** Frames waiting in the encoder before the recording waits for it. */
const MAX_QUEUE = 4;

/** The sink for `support` over `canvas` (null when unsupported). */
export function createVideoSink(support: VideoSupport, canvas: HTMLCanvasElement, fps: number): VideoSink | null {
  if (support.kind === 'webcodecs') return webCodecsSink(support.codec, support.codecId, canvas, fps);
  if (support.kind === 'mediarecorder') return mediaRecorderSink(support.mimeType, canvas, fps);
  return null;
}

function webCodecsSink(codec: string, codecId: 'V_VP9' | 'V_VP8', canvas: HTMLCanvasElement, fps: number): VideoSink {
  const chunks: EncodedFrame[] = [];
  let failure: Error | null = null;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      chunks.push({ data, timestampUs: chunk.timestamp, key: chunk.type === 'key' });
    },
    error: (e) => {
      failure = e instanceof Error ? e : new Error(String(e));
    },
  });
  encoder.configure(encoderConfig(codec, canvas.width, canvas.height, fps));
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async add(index) {
      check();
      const frame = new VideoFrame(canvas, { timestamp: frameTimestampUs(index, fps), duration: frameTimestampUs(index + 1, fps) - frameTimestampUs(index, fps) });
      try {
        encoder.encode(frame, { keyFrame: index % KEYFRAME_EVERY === 0 });
      } finally {
        frame.close();
      }
      while (encoder.encodeQueueSize > MAX_QUEUE && !failure) await new Promise((resolve) => encoder.addEventListener('dequeue', resolve, { once: true }));
      check();
    },
    async finish() {
      await encoder.flush();
      check();
      encoder.close();
      chunks.sort((a, b) => a.timestampUs - b.timestampUs);
      const file = writeWebm({ codecId, width: canvas.width, height: canvas.height, fps }, chunks);
      return new Blob([file as Uint8Array<ArrayBuffer>], { type: 'video/webm' });
    },
    abort() {
      if (encoder.state !== 'closed') encoder.close();
      chunks.length = 0;
    },
  };
}

function mediaRecorderSink(mimeType: string, canvas: HTMLCanvasElement, fps: number): VideoSink {
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 8_000_000 });
  const ctx = canvas.getContext('2d');
  const parts: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) parts.push(e.data);
  };
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  recorder.start();
  // The recorder's clock runs only while a frame is shown (see `./support`).
  recorder.pause();
  const stop = () => {
    if (recorder.state !== 'inactive') recorder.stop();
    for (const t of stream.getTracks()) t.stop();
  };
  return {
    async add() {
      // A frame the same as the one before (a paused step) is not drawn again, and a canvas
      // nothing was drawn on since its last capture gives no new frame: write one pixel back.
      if (ctx) ctx.putImageData(ctx.getImageData(0, 0, 1, 1), 0, 0);
      recorder.resume();
      track.requestFrame();
      await new Promise((resolve) => setTimeout(resolve, 1000 / fps));
      recorder.pause();
    },
    async finish() {
      recorder.resume();
      stop();
      await stopped;
      return new Blob(parts, { type: 'video/webm' });
    },
    abort() {
      stop();
      parts.length = 0;
    },
  };
}
