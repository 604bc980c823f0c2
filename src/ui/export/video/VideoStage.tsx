/**
 * What a recorded video shows, rendered off-screen with a store of its own:
 * the step's caption (the story, "step n of m", the title and the narration) over the stage as
 * presentation mode's focus view shows it. It is laid out at 1280x720 CSS pixels and painted at
 * 1.5x, so the video is 1920x1080 with the stage's text at 27 pixels or more.
 */
import type { ComponentType } from 'react';
import { ShardScopeProvider, type ShardScopeStore } from '../../../state';
import type { StoryShowItem } from '../../../stories';
import { I18nProvider, type Locale } from '../../i18n';
import { FlowClockContext } from '../../primitives';

/** CSS pixels of the frame laid out; the video is {@link VIDEO_LAYOUT_SCALE} times that. */
export const VIDEO_LAYOUT_WIDTH = 1280;
export const VIDEO_LAYOUT_HEIGHT = 720;
export const VIDEO_LAYOUT_SCALE = 1.5;

/** What a step's frames show besides the stage. */
export interface VideoCaption {
  /** "Story title · Step n of m". */
  readonly where: string;
  readonly title: string;
  readonly narration: string;
}

/**
 * Presentation mode's focus view, as the page passes it down: the stage shows the panels, and
 * the panels show this folder's export buttons, so the exporters take the stage as a component
 * instead of importing it.
 */
export type FocusStageView = ComponentType<{ readonly show: readonly StoryShowItem[]; readonly cards: readonly number[] | null; readonly stage: number }>;

/** What a step puts on the stage when it names nothing (a story file's step always names something). */
const DEFAULT_SHOW: readonly StoryShowItem[] = ['hash', 'chart:received', 'chart:egress'];

export function VideoStage({
  store,
  locale,
  caption,
  show,
  cards,
  clock,
  Stage,
}: {
  store: ShardScopeStore;
  locale: Locale;
  caption: VideoCaption;
  show: readonly StoryShowItem[];
  cards: readonly number[] | null;
  /** The video's time in ms, for the event flow's particles. */
  clock: () => number;
  /** The focus view the frame shows under its caption. */
  Stage: FocusStageView;
}) {
  return (
    <ShardScopeProvider store={store}>
      <FlowClockContext.Provider value={clock}>
        <I18nProvider locale={locale}>
          <div className="app app--presenting video-stage__app" data-presentation="true" lang={locale}>
            <header className="video-stage__caption">
              <p className="video-stage__where">{caption.where}</p>
              <h2 className="video-stage__title">{caption.title}</h2>
              <p className="video-stage__narration">{caption.narration}</p>
            </header>
            <div className="app__body">
              <main className="app__main">
                <Stage show={show.length > 0 ? show : DEFAULT_SHOW} cards={cards} stage={5} />
              </main>
            </div>
          </div>
        </I18nProvider>
      </FlowClockContext.Provider>
    </ShardScopeProvider>
  );
}
