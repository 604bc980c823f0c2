/**
 * The presenter view, a second window of the same page
 * (`#presenter=<session>`), on the speaker's screen. It runs no model: it shows what the stage
 * sends over the session's `BroadcastChannel` (the step's speaker notes, the next step, story
 * progress), a talk timer and the time of day, and sends the step the speaker moves to with
 * the clicker or the buttons, which the stage then shows.
 */
import { StrictMode, useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { isLocale, type LocaleId } from '../../i18n/locale';
import { storyKeyFor } from '../keyboard';
import { I18nProvider, useLocale, useT } from '../i18n';
import { hasChannel, randomId } from './PresenterStage';
import { channelName, EMPTY_PRESENTER, Freshness, readMessage, receiveState, Sender, stepToAsk, type PresenterModel, type StageView } from './sync';
import { elapsed, STOPPED, timerText, toggle, type TalkTimer } from './timer';
import './presenter.css';

/** The presenter window for the stage session `session`; `fallbackLocale` until the stage has said its own. */
export function PresenterWindow({ session, fallbackLocale }: { session: string; fallbackLocale: LocaleId }) {
  const [model, setModel] = useState<PresenterModel>(EMPTY_PRESENTER);
  const send = useRef<((story: string, step: number) => void) | null>(null);

  useEffect(() => {
    if (!hasChannel()) return;
    const channel = new BroadcastChannel(channelName(session));
    const me = new Sender(randomId());
    const fresh = new Freshness();
    channel.onmessage = (e: MessageEvent) => {
      const m = readMessage(e.data);
      if (!m || m.from === me.from || m.kind !== 'state' || !fresh.take(m)) return;
      setModel((before) => receiveState(before, m.from, m.view));
    };
    send.current = (story, step) => channel.postMessage(me.go(story, step));
    channel.postMessage(me.hello());
    return () => {
      send.current = null;
      channel.close();
    };
  }, [session]);

  const move = useCallback((direction: 1 | -1) => {
    setModel((before) => {
      const ask = stepToAsk(before, direction);
      if (!ask) return before;
      send.current?.(ask.story, ask.step);
      return { ...before, asked: ask };
    });
  }, []);

  useEffect(() => {
    // A clicker's keys step wherever the focus is: Space on the focused timer button steps too,
    // and does not press it (a button is pressed on Space's keyup, so that is held back as well).
    const onKey = (e: KeyboardEvent) => {
      const action = presenterKeyFor(e);
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      move(action === 'story-next' ? 1 : -1);
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === ' ' && presenterKeyFor(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [move]);

  const view = model.view;
  const locale: LocaleId = view && isLocale(view.locale) ? view.locale : fallbackLocale;
  const theme = view?.theme ?? 'dark';
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    document.documentElement.lang = locale;
  }, [theme, locale]);

  return (
    <StrictMode>
      <I18nProvider locale={locale}>
        <Presenter view={view} connected={hasChannel()} move={move} />
      </I18nProvider>
    </StrictMode>
  );
}

/** The step a key asks for in the presenter window, whatever has focus (↓ and ↑ too), or null. */
export function presenterKeyFor(e: Parameters<typeof storyKeyFor>[0]): 'story-next' | 'story-prev' | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  return storyKeyFor(e, true) ?? (e.key === 'ArrowDown' ? 'story-next' : e.key === 'ArrowUp' ? 'story-prev' : null);
}

function Presenter({ view, connected, move }: { view: StageView | null; connected: boolean; move: (d: 1 | -1) => void }) {
  const t = useT();
  const story = view?.story ?? null;
  useEffect(() => {
    document.title = story ? `${t('presenter.docTitle')} · ${story.title} ${story.step}/${story.steps}` : t('presenter.docTitle');
  }, [t, story]);
  return (
    <div className="presenter" data-testid="presenter-view" data-connected={view !== null}>
      <header className="presenter__bar">
        <div className="presenter__where">
          <p className="presenter__story" data-testid="presenter-story">
            {story ? story.title : t('presenter.docTitle')}
          </p>
          {story ? (
            <p className="presenter__progress" data-testid="presenter-progress" data-step={story.step} data-steps={story.steps}>
              <span>{t('story.stepOf', { n: story.step, m: story.steps })}</span>
              <span className="presenter__dots" aria-hidden="true">
                {Array.from({ length: story.steps }, (_, i) => (
                  <span key={i} className={i + 1 < story.step ? 'is-done' : i + 1 === story.step ? 'is-now' : ''} />
                ))}
              </span>
            </p>
          ) : null}
        </div>
        <TalkTimerControl />
        <TimeOfDay />
      </header>
      {!connected ? (
        <Message testid="presenter-no-channel" text={t('presenter.noChannel')} />
      ) : view === null ? (
        <Message testid="presenter-waiting" text={t('presenter.waiting')} />
      ) : story === null ? (
        <Message testid="presenter-no-story" text={t('presenter.noStory')} />
      ) : (
        <main className="presenter__main">
          <section className="presenter__now" aria-labelledby="presenter-now-title">
            <h1 id="presenter-now-title" className="presenter__title" data-testid="presenter-title">
              {story.current.title}
            </h1>
            <h2 className="presenter__label">{t('presenter.notes')}</h2>
            <div className="presenter__notes" data-testid="presenter-notes">
              {story.notes ? (
                <NotesText text={story.notes} />
              ) : (
                <>
                  <p className="presenter__none">{t('presenter.noNotes')}</p>
                  <p>{story.current.narration}</p>
                </>
              )}
            </div>
            {story.question ? (
              <p className="presenter__question">
                <strong>{t('story.question')}</strong>
                {t('story.question').endsWith(':') ? ' ' : ''}
                {story.question}
              </p>
            ) : null}
          </section>
          <aside className="presenter__next" data-testid="presenter-next" aria-label={t('presenter.next')}>
            <h2 className="presenter__label">{t('presenter.next')}</h2>
            {story.next ? (
              <>
                <p className="presenter__next-title" data-testid="presenter-next-title">
                  {story.next.title}
                </p>
                <p className="presenter__next-text">{story.next.narration}</p>
              </>
            ) : (
              <p className="presenter__next-title" data-testid="presenter-next-title">
                {t('presenter.end')}
              </p>
            )}
          </aside>
        </main>
      )}
      <footer className="presenter__foot">
        <button type="button" className="button" data-testid="presenter-prev" disabled={!story || story.step <= 1} onClick={() => move(-1)}>
          ← {t('story.prev')}
        </button>
        <p className="presenter__keys">{t('presenter.keys')}</p>
        <button type="button" className="button button--primary" data-testid="presenter-next-button" disabled={!story || story.step >= story.steps} onClick={() => move(1)}>
          {t('story.next')} →
        </button>
      </footer>
    </div>
  );
}

function Message({ testid, text }: { testid: string; text: string }) {
  return (
    <main className="presenter__main presenter__main--message">
      <p className="presenter__message" data-testid={testid} role="status">
        {text}
      </p>
    </main>
  );
}

/** Notes: one paragraph per line, a leading label (“Point at:”, “指向：”) in bold. */
function NotesText({ text }: { text: string }): ReactNode {
  return text.split('\n').map((line, i) => {
    const m = /^([^:：]{1,24}[:：])\s*(.*)$/.exec(line);
    // A full-width colon carries its own space.
    return <p key={i}>{m ? <><strong>{m[1]}</strong>{m[1]!.endsWith(':') ? ' ' : ''}{m[2]}</> : line}</p>;
  });
}

type TimerAction = 'toggle' | 'reset';

/** Start/pause and reset, on the page's monotonic clock; it re-renders four times a second while running. */
function TalkTimerControl() {
  const t = useT();
  const [timer, act] = useReducer((s: TalkTimer, a: TimerAction) => (a === 'reset' ? STOPPED : toggle(s, performance.now())), STOPPED);
  // The clock the timer is read at, moved on four times a second while it runs.
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (timer.since === null) return;
    const id = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(id);
  }, [timer.since]);
  const running = timer.since !== null;
  return (
    <div className="presenter__timer" role="group" aria-label={t('presenter.timer')} data-testid="presenter-timer" data-running={running}>
      <span className="presenter__elapsed" data-testid="presenter-elapsed" aria-label={t('presenter.timer')}>
        {timerText(elapsed(timer, now))}
      </span>
      <button type="button" className="button button--small" data-testid="presenter-timer-toggle" onClick={() => act('toggle')}>
        {running ? t('presenter.pause') : t('presenter.start')}
      </button>
      <button type="button" className="button button--small" data-testid="presenter-timer-reset" onClick={() => act('reset')}>
        {t('presenter.reset')}
      </button>
    </div>
  );
}

/** The time of day, to the minute, in the page's language. */
function TimeOfDay() {
  const t = useT();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  const locale = useLocale();
  const text = useMemo(() => now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }), [now, locale]);
  return (
    <p className="presenter__clock" data-testid="presenter-clock" title={t('presenter.clock')}>
      <span className="sr-only">{t('presenter.clock')} </span>
      {text}
    </p>
  );
}
