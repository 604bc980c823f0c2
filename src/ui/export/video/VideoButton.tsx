/**
 * "Record video" in the share menu. Records the story shown (in its own
 * run, so the page stays as it is and usable), with a progress bar and Cancel, then downloads
 * the .webm. A browser that cannot record says so and records nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShardScope, useShardScopeStore } from '../../../state';
import { storyById } from '../../../stories';
import { useFormat, useT } from '../../i18n';
import { download } from '../exportImage';
import { recordStory, RecordingCancelled, type VideoProgress } from './recordStory';
import { VIDEO_FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from './schedule';
import { videoSupport } from './support';
import type { FocusStageView } from './VideoStage';

type VideoState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'recording'; readonly story: string; readonly progress: VideoProgress }
  | { readonly kind: 'done'; readonly url: string; readonly name: string; readonly seconds: number; readonly size: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'failed'; readonly message: string };

/** `Stage`: the focus view the video shows, passed down by the page (`./VideoStage`). */
export function VideoButton({ Stage }: { Stage: FocusStageView }) {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const storyId = useShardScope((s) => s.story?.id ?? null);
  const [state, setState] = useState<VideoState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const url = state.kind === 'done' ? state.url : null;
  // A finished video's address is let go when it is closed or replaced.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  // Leaving the page (or an error boundary unmounting the menu) stops a recording.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const { story, view } = store.getState();
    if (!story || abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    try {
      const support = await videoSupport(VIDEO_WIDTH, VIDEO_HEIGHT, VIDEO_FPS);
      if (support.kind === 'unsupported') {
        setState({ kind: 'unsupported' });
        return;
      }
      const title = t(storyById(story.id)?.title ?? 'video.record');
      setState({ kind: 'recording', story: title, progress: { frame: 0, total: 1, step: 1, steps: 1 } });
      const video = await recordStory({
        storyId: story.id,
        locale: view.locale,
        theme: view.theme,
        support,
        signal: controller.signal,
        Stage,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ kind: 'recording', story: title, progress });
        },
      });
      const name = `shardscope-${story.id}-${view.locale}.webm`;
      download(video.blob, name);
      setState({ kind: 'done', url: URL.createObjectURL(video.blob), name, seconds: video.duration, size: video.blob.size });
    } catch (e) {
      setState(e instanceof RecordingCancelled ? { kind: 'cancelled' } : { kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      abort.current = null;
    }
  };

  const close = () => setState({ kind: 'idle' });
  const recording = state.kind === 'recording';
  return (
    <>
      <button
        type="button"
        className="button video-button"
        data-testid="export-video"
        title={storyId ? t('video.recordTitle') : t('video.noStory')}
        disabled={!storyId || recording}
        onClick={() => void start()}
      >
        {t('video.record')}
      </button>
      {state.kind !== 'idle' && typeof document === 'object'
        ? createPortal(
            <div className="video-progress" role={state.kind === 'unsupported' || state.kind === 'failed' ? 'alert' : 'status'} data-testid="video-panel" data-state={state.kind}>
              {state.kind === 'recording' ? (
                <>
                  <span>
                    {t('video.recording', {
                      story: state.story,
                      n: state.progress.step,
                      m: state.progress.steps,
                      percent: f.percent(state.progress.total > 0 ? state.progress.frame / state.progress.total : 0),
                    })}
                  </span>
                  <div className="video-progress__row">
                    <progress className="video-progress__bar" data-testid="video-progress" aria-label={t('video.progressLabel')} max={state.progress.total} value={state.progress.frame} />
                    <button type="button" className="button button--small" data-testid="video-cancel" onClick={() => abort.current?.abort()}>
                      {t('video.cancel')}
                    </button>
                  </div>
                </>
              ) : (
                <>
                  <span data-testid={state.kind === 'unsupported' ? 'video-unsupported' : state.kind === 'done' ? 'video-done' : state.kind === 'failed' ? 'video-error' : 'video-cancelled'}>
                    {state.kind === 'unsupported'
                      ? t('video.unsupported')
                      : state.kind === 'done'
                        ? t('video.done', { seconds: Math.round(state.seconds * 10) / 10, size: f.bytes(state.size) })
                        : state.kind === 'failed'
                          ? t('video.failed', { message: state.message })
                          : t('video.cancelled')}
                  </span>
                  <div className="video-progress__row">
                    {state.kind === 'done' ? (
                      <a className="button button--small" data-testid="video-download" href={state.url} download={state.name}>
                        {t('video.downloadAgain')}
                      </a>
                    ) : (
                      <span />
                    )}
                    <button type="button" className="button button--small" data-testid="video-close" onClick={close}>
                      {t('video.close')}
                    </button>
                  </div>
                </>
              )}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
