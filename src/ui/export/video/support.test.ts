import { describe, expect, it } from 'vitest';
import { videoSupport, type VideoEnv } from './support';

const encoder = (supported: readonly string[]): VideoEnv['VideoEncoder'] => ({ isConfigSupported: async (c) => ({ supported: supported.includes(c.codec) }) });
const recorder = (types: readonly string[]): VideoEnv['MediaRecorder'] => ({ isTypeSupported: (t) => types.includes(t) });

describe('what a browser records a story with', () => {
  it('says unsupported when there is neither a video encoder nor a MediaRecorder', async () => {
    expect(await videoSupport(1920, 1080, 30, {})).toEqual({ kind: 'unsupported' });
  });

  it('says unsupported when MediaRecorder writes no WebM (Safari writes MP4 only)', async () => {
    expect(await videoSupport(1920, 1080, 30, { MediaRecorder: recorder(['video/mp4']), canCaptureCanvas: true })).toEqual({ kind: 'unsupported' });
  });

  it('says unsupported when a canvas cannot be captured', async () => {
    expect(await videoSupport(1920, 1080, 30, { MediaRecorder: recorder(['video/webm']), canCaptureCanvas: false })).toEqual({ kind: 'unsupported' });
  });

  it('never throws, even when the browser’s checks do', async () => {
    const env: VideoEnv = {
      VideoEncoder: { isConfigSupported: () => Promise.reject(new TypeError('bad config')) },
      VideoFrame: class {},
      MediaRecorder: { isTypeSupported: () => { throw new Error('no'); } },
      canCaptureCanvas: true,
    };
    expect(await videoSupport(1920, 1080, 30, env)).toEqual({ kind: 'unsupported' });
  });

  it('prefers WebCodecs with VP9, then VP8', async () => {
    expect(await videoSupport(1920, 1080, 30, { VideoEncoder: encoder(['vp09.00.10.08', 'vp8']), VideoFrame: class {} })).toEqual({ kind: 'webcodecs', codec: 'vp09.00.10.08', codecId: 'V_VP9' });
    expect(await videoSupport(1920, 1080, 30, { VideoEncoder: encoder(['vp8']), VideoFrame: class {} })).toEqual({ kind: 'webcodecs', codec: 'vp8', codecId: 'V_VP8' });
  });

  it('falls back to MediaRecorder when the encoder takes neither codec, or VideoFrame is missing', async () => {
    const mr = { MediaRecorder: recorder(['video/webm;codecs=vp8', 'video/webm']), canCaptureCanvas: true };
    expect(await videoSupport(1920, 1080, 30, { VideoEncoder: encoder([]), VideoFrame: class {}, ...mr })).toEqual({ kind: 'mediarecorder', mimeType: 'video/webm;codecs=vp8' });
    expect(await videoSupport(1920, 1080, 30, { VideoEncoder: encoder(['vp8']), ...mr })).toEqual({ kind: 'mediarecorder', mimeType: 'video/webm;codecs=vp8' });
  });
});
