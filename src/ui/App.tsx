import { usePlayLoop, AppBoundary, PanelBoundary } from './primitives';
import { startTransition, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { budgetExcessOf, MAX_LINK_LENGTH, MAX_TOTAL_RANGES, ShardScopeProvider, useShardScope, useShardScopeStore, WHOLE_LINK_REASONS, type LinkIssue, type ShardScopeStore } from '../state';
import { BandwidthPanel } from './bandwidth';
import { ReplicaCards } from './cards';
import { ControlPanel } from './controls';
import { EventFlow } from './flow';
import { HashSpaceView } from './hash';
import { Header, KeysDialog, NOTICE_MAX_FIELDS, noticeName, tooLongText } from './header';
import { ImportDialog, ImportStatus } from './import';
import { I18nProvider, useFormat, useT } from './i18n';
import { useGlobalShortcuts } from './keyboard';
import { EngineNotice } from './EngineNotice';
import { BaseNotice } from './export';
import { StoryCaption, TalkSlideView } from './stories';
import { ExercisePanel, LabFileNotice } from './lab';
import { Timeline } from './timeline';
import { CaptionSlot, Summary, FocusStage, useStepShow } from './stage';
import { YourClusterPanel } from './yourcluster';
import { BlankScreen, PresenterStage, Spotlight, useStageChrome } from './presenter';
import type { TalkSlide } from '../stories/talks';

/** Mirrors the theme onto the document so CSS custom properties switch. */
function useDocumentTheme(theme: 'light' | 'dark'): void {
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
}

function StatusBanner() {
  const t = useT();
  const status = useShardScope((s) => s.sim.status);
  const error = useShardScope((s) => s.sim.error);
  const objects = useShardScope((s) => s.params.objects);
  const regenerating = useShardScope((s) => s.sim.busy && s.sim.snapshot !== null && s.sim.snapshot.params.cluster.pods !== s.params.objects);
  // Objects over the page thread's limits are not generated: EngineNotice says so instead.
  const refused = useShardScope((s) => budgetExcessOf(s)?.kind === 'objects');
  const replayingTo = useShardScope((s) => s.sim.replayingTo);
  const f = useFormat();
  if (refused) return null;
  if (replayingTo !== null) {
    return (
      <p className="banner" role="status" data-testid="replaying">
        {t('app.replaying', { time: f.clock(replayingTo) })}
      </p>
    );
  }
  if (regenerating) {
    return (
      <p className="banner" role="status" data-testid="loading">
        {t('app.loading', { count: objects })}
      </p>
    );
  }
  if (error) {
    return (
      <p className="banner banner--error" role="alert" data-testid="engine-error">
        {status === 'error' ? t('error.engine', { message: error }) : t('error.parameters', { message: error })}
      </p>
    );
  }
  if (status === 'loading') {
    return (
      <p className="banner" role="status" data-testid="loading">
        {t('app.loading', { count: objects })}
      </p>
    );
  }
  return null;
}

/**
 * Says which parts of the link last opened could not be used; the rest of the link was
 * applied. A newly opened link (pasted into the tab) shows its own notice, even after the
 * previous one was dismissed.
 */
export function LinkNotice() {
  const opened = useShardScope((s) => s.link.opened);
  return <LinkNoticeFor key={opened} />;
}

function LinkNoticeFor() {
  const t = useT();
  const f = useFormat();
  const issues = useShardScope((s) => s.link.issues);
  const kept = useShardScope((s) => s.link.kept === true);
  const [open, setOpen] = useState(true);
  if (!open || issues.length === 0) return null;
  const whole = issues.find((i) => WHOLE_LINK_REASONS.has(i.reason));
  const fields = [...new Set(issues.filter((i) => i.reason === 'invalid').map((i) => i.field))];
  const rangeIssue = issues.find((i) => i.ranges !== undefined);
  const story = issues.find((i) => i.reason === 'unknown-story');
  const talk = issues.find((i) => i.reason === 'unknown-talk');
  const exercise = issues.find((i) => i.reason === 'unknown-exercise');
  const both = issues.some((i) => i.reason === 'both-forms');
  return (
    <div className="banner banner--warn banner--scroll" role="alert" data-testid="link-notice">
      <span>
        {whole
          ? wholeLinkText(t, f, whole, kept)
          : fields.length > 0
            ? invalidFields(t('link.invalid', { fields: FIELDS, count: fields.length }), fields, t)
            : null}
        {rangeIssue?.ranges !== undefined ? <> {t('link.tooManyRanges', { total: f.count(rangeIssue.ranges), limit: f.count(MAX_TOTAL_RANGES) })}</> : null}
        {story ? <> {withCode(t(kept ? 'link.unknownStoryKept' : 'link.unknownStory', { story: FIELDS }), noticeName(story.value ?? ''))}</> : null}
        {talk ? <> {withCode(t(kept ? 'link.unknownTalkKept' : 'link.unknownTalk', { talk: FIELDS }), noticeName(talk.value ?? ''))}</> : null}
        {exercise ? <> {withCode(t(kept ? 'lab.unknownExerciseKept' : 'lab.unknownExercise', { exercise: FIELDS }), noticeName(exercise.value ?? ''))}</> : null}
        {both ? <> {t('link.bothForms')}</> : null}
      </span>
      <button type="button" className="button button--small" onClick={() => setOpen(false)}>
        {t('link.dismiss')}
      </button>
    </div>
  );
}

/** Stands for the list of fields in the translated sentence, replaced by elements. */
const FIELDS = '\u0000fields\u0000';

/** Why nothing of a link was read, and what the page shows instead (the default run, or the run kept). */
function wholeLinkText(t: ReturnType<typeof useT>, f: ReturnType<typeof useFormat>, issue: LinkIssue, kept: boolean): string {
  const limit = f.count(MAX_LINK_LENGTH);
  switch (issue.reason) {
    case 'too-long':
      return t(kept ? 'link.tooLongToOpenKept' : 'link.tooLongToOpen', { limit });
    case 'too-large':
      return t(kept ? 'link.tooLargeKept' : 'link.tooLarge', { limit, length: f.count(issue.length ?? 0) });
    case 'version':
      return t(kept ? 'link.versionKept' : 'link.version');
    default:
      return t(kept ? 'link.unreadableKept' : 'link.unreadable');
  }
}

/** `sentence` with {@link FIELDS} replaced by `text` as code. */
function withCode(sentence: string, text: string): ReactNode {
  const [before, after] = sentence.split(FIELDS);
  return (
    <>
      {before}
      <code>{text}</code>
      {after}
    </>
  );
}

/**
 * The sentence naming a link's invalid fields: at most ten names, each as
 * code, escaped and cut short, then how many more; never the link's text at length.
 */
function invalidFields(sentence: string, fields: readonly string[], t: ReturnType<typeof useT>): ReactNode {
  const shown = fields.slice(0, NOTICE_MAX_FIELDS);
  const more = fields.length - shown.length;
  const list = (
    <span data-testid="link-notice-fields">
      {shown.map((name, i) => (
        <span key={i}>
          {i > 0 ? ', ' : null}
          <code>{noticeName(name)}</code>
        </span>
      ))}
      {more > 0 ? <> {t('link.andMore', { count: more })}</> : null}
    </span>
  );
  const [before, after] = sentence.split(FIELDS);
  return (
    <>
      {before}
      {list}
      {after}
    </>
  );
}

/** Says that the address bar no longer follows the state, and which selector is to blame. */
function LinkTooLongBanner() {
  const t = useT();
  const f = useFormat();
  const tooLong = useShardScope((s) => s.link.tooLong);
  if (!tooLong) return null;
  return (
    <p className="banner banner--warn" role="status" data-testid="link-too-long">
      {tooLongText(t, f, tooLong)}
    </p>
  );
}

/**
 * Moves keyboard focus to the main region without navigating to `#main`, which would
 * replace the `#state=` link in the address bar and lose the run on reload.
 */
function skipToMain(e: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById('main');
  if (!main) return;
  e.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
}

/** How many mount stages {@link Shell} has: the shell itself, then one per heavy panel. */
const STAGES = 5;

/**
 * Mounts the page in stages, one after each painted frame, when `staged` is set. Mounting
 * every panel in one commit costs the browser one long task (React's commit, the first
 * layout of the whole page, first use of each font, the canvases' first paint): well over
 * 50 ms on a slow machine. A stage per panel keeps each task short, and the shell (header
 * and controls) is on screen first. Without `staged` (tests) everything mounts at once.
 */
function useMountStage(staged: boolean): number {
  const [stage, setStage] = useState(staged ? 1 : STAGES);
  useEffect(() => {
    if (stage >= STAGES) return;
    // After the next frame has been painted: a rAF callback runs before that frame's
    // layout and paint, a task posted from it runs after them.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const id = requestAnimationFrame(() => {
      // A transition, so React renders the new panel in slices of a few ms; only the commit
      // (DOM insertion) is one piece.
      timer = setTimeout(() => startTransition(() => setStage((s) => s + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(timer);
    };
  }, [stage]);
  return stage;
}

function Shell({ staged }: { staged: boolean }) {
  const t = useT();
  const store = useShardScopeStore();
  const theme = useShardScope((s) => s.view.theme);
  const stage = useMountStage(staged && typeof requestAnimationFrame === 'function');
  useGlobalShortcuts(store);
  usePlayLoop(store);
  useDocumentTheme(theme);
  const engine = useShardScope((s) => s.sim.engine);
  const presentation = useShardScope((s) => s.view.presentation);
  // During a story, the stage shows what the step talks about, and only that.
  const show = useStepShow();
  // A story step whose run is not yet at its time: what is on screen is not the step's yet.
  const preparing = useShardScope((s) => s.story !== null && !s.storyReady);
  // In a talk, its place; a slide of its own (not a story's step) takes the whole stage.
  const talk = useShardScope((s) => s.talk);
  const slide = talk?.slide as TalkSlide | undefined;
  const ownSlide = talk && slide && slide.kind !== 'step' ? slide : null;
  // A step slide is ready once that very step's run is at its time.
  const stepReady = useShardScope((s) => s.talk?.slide.kind === 'step' && s.story?.id === s.talk.slide.story && s.story.step === s.talk.slide.step && s.storyReady);
  useStageChrome();
  const chromeHidden = useShardScope((s) => s.view.presentation && !s.chromeShown);
  const className = ['app', presentation ? 'app--presenting' : '', chromeHidden ? 'app--chrome-hidden' : ''].filter(Boolean).join(' ');
  return (
    <div className={className} data-engine={engine ?? undefined} data-presentation={presentation} data-chrome={presentation ? (chromeHidden ? 'hidden' : 'shown') : undefined}>
      <a className="skip-link" href="#main" data-testid="skip-link" onClick={skipToMain}>
        {t('app.skipToMain')}
      </a>
      <PanelBoundary>
        <Header />
      </PanelBoundary>
      <PanelBoundary>{presentation ? <CaptionSlot /> : <StoryCaption />}</PanelBoundary>
      <div className="app__body">
        {/* Presentation mode hides the parameters, kept mounted so drafts survive the switch. */}
        <aside className="app__side" hidden={presentation}>
          <PanelBoundary>
            <ExercisePanel />
          </PanelBoundary>
          <PanelBoundary>
            <ControlPanel />
          </PanelBoundary>
        </aside>
        <main
          id="main"
          className="app__main"
          tabIndex={-1}
          data-step-preparing={preparing ? 'true' : undefined}
          aria-busy={preparing || undefined}
          {...(talk && slide
            ? {
                'data-testid': 'talk-stage',
                'data-talk': talk.id,
                'data-slide': slide.kind,
                'data-story': slide.kind === 'section' || slide.kind === 'step' ? slide.story : undefined,
                'data-step': slide.kind === 'step' ? slide.step : undefined,
                'data-ready': ownSlide !== null || stepReady,
              }
            : {})}
        >
          <PanelBoundary>
            <LinkNotice />
            <LabFileNotice />
            <ImportStatus />
            <LinkTooLongBanner />
            <StatusBanner />
            <EngineNotice />
            <BaseNotice />
            {/* Shift+P, the presenter view's channel, the stage's text size. */}
            <PresenterStage />
          </PanelBoundary>
          {talk && ownSlide ? (
            <PanelBoundary>
              <TalkSlideView talkId={talk.id} slide={ownSlide} />
            </PanelBoundary>
          ) : presentation && show ? (
            <FocusStage show={show.show} cards={show.cards} stage={stage} />
          ) : presentation ? (
            // The projector layout. The stage is one screen tall: the answer and its
            // audit, the hash space, the four comparison charts; the rest follows below it.
            <>
              <section className="stage" data-testid="stage" aria-label={t('presentation.toggle')}>
                <PanelBoundary>
                  <Summary />
                </PanelBoundary>
                <div className="stage__hash">{stage >= 2 ? <PanelBoundary><HashSpaceView /></PanelBoundary> : null}</div>
                <div className="stage__comparison">{stage >= 4 ? <PanelBoundary><BandwidthPanel /></PanelBoundary> : null}</div>
              </section>
              <PanelBoundary>
                <Timeline />
              </PanelBoundary>
              <div className="app__grid">
                {stage >= 5 ? <PanelBoundary><EventFlow /></PanelBoundary> : null}
                {stage >= 3 ? <PanelBoundary><ReplicaCards /></PanelBoundary> : null}
              </div>
            </>
          ) : (
            <>
              <PanelBoundary>
                <Timeline />
              </PanelBoundary>
              <PanelBoundary>
                <Summary />
              </PanelBoundary>
              <div className="app__grid">
                <div className="app__wide">
                  {stage >= 2 ? <PanelBoundary><HashSpaceView /></PanelBoundary> : null}
                  {/* Owner lookup, balanced ranges, code; mounted only while open. */}
                  <PanelBoundary>
                    <YourClusterPanel />
                  </PanelBoundary>
                </div>
                <div className="app__col app__col--a">{stage >= 3 ? <PanelBoundary><ReplicaCards /></PanelBoundary> : null}</div>
                <div className="app__col app__col--b">
                  {stage >= 4 ? <PanelBoundary><BandwidthPanel /></PanelBoundary> : null}
                  {stage >= 5 ? <PanelBoundary><EventFlow /></PanelBoundary> : null}
                </div>
              </div>
            </>
          )}
        </main>
      </div>
      <PanelBoundary>
        <KeysDialog />
      </PanelBoundary>
      <PanelBoundary>
        <ImportDialog />
      </PanelBoundary>
      <Spotlight />
      <BlankScreen />
    </div>
  );
}

/**
 * The whole simulator for a store (the store decides where the model runs). `staged` mounts
 * the heavy panels one per frame after the shell (the page does; tests mount all at once).
 */
export function App({ store, staged = false }: { store: ShardScopeStore; staged?: boolean }) {
  return (
    <ShardScopeProvider store={store}>
      <AppBoundary locale={() => store.getState().view.locale}>
        <Localised>
          <Shell staged={staged} />
        </Localised>
      </AppBoundary>
    </ShardScopeProvider>
  );
}

/** The language of the store, for everything below; switching it re-renders only the words. */
function Localised({ children }: { children: ReactNode }) {
  const locale = useShardScope((s) => s.view.locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}
