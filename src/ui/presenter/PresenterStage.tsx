/**
 * The stage's side of the presenter view: `Shift+P` opens the presenter
 * window (the same page, `#presenter=<session>`), and a `BroadcastChannel` keeps it in step:
 * the stage sends what it shows (the story, the step, its notes and the next step, in the
 * page's language) whenever that changes or the presenter says hello, and shows the step the
 * presenter asks for. A blocked pop-up, or a browser without `BroadcastChannel`, is said plainly.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useShardScope, useShardScopeStore, type ShardScopeStore } from '../../state';
import { storyById } from '../../stories';
import { showStoryStep, showTalkSlide } from '../../stories/controller';
import type { StoryId } from '../../stories';
import { useT, type Translate } from '../i18n';
import { useStageZoom } from './fontScale';
import { channelName, Freshness, OPEN_EVENT, presenterHref, readMessage, Sender, type StageView } from './sync';

/** A random id for a session or a sender (not part of the model: it only names a channel). */
export function randomId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const SESSION_KEY = 'shardscope.presenterSession';

/** The stage's session: kept for the tab (sessionStorage), so a reloaded stage finds its presenter again. */
function stageSession(): string {
  try {
    const kept = sessionStorage.getItem(SESSION_KEY);
    if (kept && /^[A-Za-z0-9-]{1,64}$/.test(kept)) return kept;
    const id = randomId();
    sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

/** Whether this browser can keep two windows in step. */
export function hasChannel(): boolean {
  return typeof BroadcastChannel === 'function';
}

/** Whether a key press is Shift+P outside a text box. */
export function isPresenterKey(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if (e.key !== 'P' || !e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return false;
  const el = e.target as Element | null;
  return !(el && typeof el.closest === 'function' && el.closest('input:not([type="radio"]):not([type="checkbox"]), textarea, select, [contenteditable="true"], [aria-modal="true"]'));
}

/** What the stage shows, in words, for the presenter view. */
export function stageViewOf(place: { id: string; step: number } | null, locale: string, theme: 'light' | 'dark', t: Translate): StageView {
  const story = place ? storyById(place.id) : undefined;
  const step = story && place ? story.steps[place.step - 1] : undefined;
  if (!story || !place || !step) return { locale, theme, story: null };
  const next = story.steps[place.step];
  return {
    locale,
    theme,
    story: {
      id: story.id,
      title: t(story.title),
      step: place.step,
      steps: story.steps.length,
      current: { title: t(step.title), narration: t(step.narration) },
      notes: step.notes ? t(step.notes) : null,
      question: step.question ? t(step.question) : null,
      next: next ? { title: t(next.title), narration: t(next.narration) } : null,
    },
  };
}

/** Why the presenter view could not open, or null. */
export type PresenterProblem = 'blocked' | 'no-channel' | null;

/** Opens the presenter window for this stage's session; what went wrong, or null. */
export function openPresenter(session: string): PresenterProblem {
  if (!hasChannel()) return 'no-channel';
  const w = window.open(presenterHref(location.href, session), `shardscope-presenter-${session}`, 'popup,width=1200,height=760');
  if (!w) return 'blocked';
  w.focus?.();
  return null;
}

/** Keeps the presenter channel of a store's stage; returns how to open the presenter and the last problem. */
function usePresenterChannel(store: ShardScopeStore, view: StageView): { open: () => void; problem: PresenterProblem; clear: () => void } {
  const [session] = useState(stageSession);
  const [problem, setProblem] = useState<PresenterProblem>(null);
  const latest = useRef(view);
  const post = useRef<((v: StageView) => void) | null>(null);

  useEffect(() => {
    if (!hasChannel()) return;
    const channel = new BroadcastChannel(channelName(session));
    const me = new Sender(randomId());
    const fresh = new Freshness();
    post.current = (v) => channel.postMessage(me.state(v));
    channel.onmessage = (e: MessageEvent) => {
      const m = readMessage(e.data);
      if (!m || m.from === me.from || !fresh.take(m)) return;
      if (m.kind === 'hello') post.current?.(latest.current);
      else if (m.kind === 'go') {
        // Only within the story the stage shows: a request about another story is stale.
        const { story: place, talk } = store.getState();
        if (!place || place.id !== m.story || place.step === m.step) return;
        // In a talk the step is the talk's slide: the talk goes on.
        if (talk) showTalkSlide(store, talk.id, { kind: 'step', story: place.id as StoryId, step: m.step });
        else showStoryStep(store, m.story, m.step);
      }
    };
    // A reloaded stage tells a presenter still open what it shows now.
    post.current(latest.current);
    return () => {
      post.current = null;
      channel.close();
    };
  }, [session, store]);

  useEffect(() => {
    latest.current = view;
    post.current?.(view);
  }, [view]);

  const open = useCallback(() => setProblem(openPresenter(session)), [session]);
  const clear = useCallback(() => setProblem(null), []);
  return { open, problem, clear };
}

/** Mounted once by the page: the channel, the Shift+P key, and a notice when the presenter view cannot open. */
export function PresenterStage() {
  const t = useT();
  const store = useShardScopeStore();
  const place = useShardScope((s) => s.story);
  const locale = useShardScope((s) => s.view.locale);
  const theme = useShardScope((s) => s.view.theme);
  const view = useMemo(() => stageViewOf(place, locale, theme, t), [place, locale, theme, t]);
  const { open, problem, clear } = usePresenterChannel(store, view);
  const presentation = useShardScope((s) => s.view.presentation);
  useStageZoom(`${presentation}:${place?.id ?? ''}:${place?.step ?? 0}`);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPresenterKey(e)) return;
      e.preventDefault();
      open();
    };
    const onAsk = () => open();
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_EVENT, onAsk);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_EVENT, onAsk);
    };
  }, [open]);

  if (!problem) return null;
  return (
    <div className="banner banner--warn" role="alert" data-testid="presenter-problem">
      <span>{t(problem === 'blocked' ? 'presenter.blocked' : 'presenter.noChannel')}</span>
      <button type="button" className="button button--small" onClick={clear}>
        {t('link.dismiss')}
      </button>
    </div>
  );
}
