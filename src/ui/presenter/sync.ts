/**
 * The protocol between the stage (the page on the projector) and the
 * presenter view (a second window on the speaker's screen). Both are the same page, so they
 * talk over a `BroadcastChannel` named for the stage's session: nothing leaves the machine.
 *
 * The stage sends what the presenter shows, already in words (a story opened from a file has
 * texts the other window's catalogue lacks); the presenter asks for a step by number. Every
 * message carries its sender and a sequence number, so a message delivered twice, or one
 * overtaken by a newer one from the same sender, is dropped, and a stage that reloads (a new
 * sender) is followed at once. Plain data and pure functions: no DOM, testable under Node.
 */

/** The protocol's version: a message of another version is not read. */
export const PRESENTER_PROTOCOL = 1;

/** The fragment parameter that opens a page as the presenter view (its value names the stage's channel). */
export const PRESENTER_PARAM = 'presenter';

/** One step as the presenter view shows it, in the stage's language. */
export interface StepText {
  readonly title: string;
  readonly narration: string;
}

/** What the stage shows, as the presenter view needs it. */
export interface StageView {
  readonly locale: string;
  readonly theme: 'light' | 'dark';
  /** The story shown, or null when the stage is in free play or the lab. */
  readonly story: null | {
    readonly id: string;
    readonly title: string;
    /** 1-based, as in links. */
    readonly step: number;
    readonly steps: number;
    readonly current: StepText;
    /** The step's speaker notes, or null when it has none (a story opened from a file may not). */
    readonly notes: string | null;
    readonly question: string | null;
    /** The next step, or null on the last one. */
    readonly next: StepText | null;
  };
}

interface Envelope {
  readonly v: typeof PRESENTER_PROTOCOL;
  /** The sender: one id per window load. */
  readonly from: string;
  /** Increases with each message a sender sends. */
  readonly seq: number;
}

/** Every message of the protocol. */
export type PresenterMessage =
  | (Envelope & { readonly kind: 'state'; readonly view: StageView })
  | (Envelope & { readonly kind: 'hello' })
  | (Envelope & { readonly kind: 'go'; readonly story: string; readonly step: number });

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const isStep = (x: unknown): x is StepText => isObj(x) && isStr(x.title) && isStr(x.narration);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 10_000;

function isView(x: unknown): x is StageView {
  if (!isObj(x) || !isStr(x.locale) || (x.theme !== 'light' && x.theme !== 'dark')) return false;
  const s = x.story;
  if (s === null) return true;
  return (
    isObj(s) &&
    isStr(s.id) &&
    isStr(s.title) &&
    isCount(s.step) &&
    isCount(s.steps) &&
    s.step <= s.steps &&
    isStep(s.current) &&
    (s.notes === null || isStr(s.notes)) &&
    (s.question === null || isStr(s.question)) &&
    (s.next === null || isStep(s.next))
  );
}

/**
 * Reads a message off the channel, or null for anything that is not one of ours (another
 * version, another shape): any page of the origin may post on a channel of the same name.
 */
export function readMessage(x: unknown): PresenterMessage | null {
  if (!isObj(x) || x.v !== PRESENTER_PROTOCOL || !isStr(x.from) || x.from === '' || typeof x.seq !== 'number' || !Number.isSafeInteger(x.seq) || x.seq < 0) return null;
  switch (x.kind) {
    case 'state':
      return isView(x.view) ? (x as unknown as PresenterMessage) : null;
    case 'hello':
      return x as unknown as PresenterMessage;
    case 'go':
      return isStr(x.story) && isCount(x.step) ? (x as unknown as PresenterMessage) : null;
    default:
      return null;
  }
}

/** Numbers one sender's messages. */
export class Sender {
  private seq = 0;
  constructor(readonly from: string) {}

  /** The next message of this sender. */
  state(view: StageView): PresenterMessage {
    return { v: PRESENTER_PROTOCOL, from: this.from, seq: ++this.seq, kind: 'state', view };
  }

  hello(): PresenterMessage {
    return { v: PRESENTER_PROTOCOL, from: this.from, seq: ++this.seq, kind: 'hello' };
  }

  go(story: string, step: number): PresenterMessage {
    return { v: PRESENTER_PROTOCOL, from: this.from, seq: ++this.seq, kind: 'go', story, step };
  }
}

/**
 * Drops a message seen before, or older than one already taken from the same sender (a
 * channel delivers in order, but a window may post the same message again, or two stages of
 * one session may both answer). Keeps the last sequence number of each sender.
 */
export class Freshness {
  private readonly last = new Map<string, number>();

  /** True (and remembered) when `m` is newer than everything taken from its sender. */
  take(m: PresenterMessage): boolean {
    const before = this.last.get(m.from);
    if (before !== undefined && m.seq <= before) return false;
    this.last.set(m.from, m.seq);
    return true;
  }
}

/** What the presenter view knows of the stage. */
export interface PresenterModel {
  /** The stage whose state is shown (the sender of the last state taken). */
  readonly stage: string | null;
  readonly view: StageView | null;
  /** The step last asked for and not yet shown by the stage (so two quick clicks move two steps). */
  readonly asked: { readonly story: string; readonly step: number } | null;
}

export const EMPTY_PRESENTER: PresenterModel = { stage: null, view: null, asked: null };

/** The model after a state from the stage; a step asked for is forgotten once the stage shows it, or shows another story. */
export function receiveState(model: PresenterModel, from: string, view: StageView): PresenterModel {
  const asked = model.asked && view.story && view.story.id === model.asked.story && view.story.step !== model.asked.step ? model.asked : null;
  return { stage: from, view, asked };
}

/**
 * The step to ask for when the speaker moves by `direction` in the presenter view: from the
 * step already asked for if the stage has not shown it yet, else from the step shown; null in
 * free play or past either end.
 */
export function stepToAsk(model: PresenterModel, direction: 1 | -1): { story: string; step: number } | null {
  const story = model.view?.story;
  if (!story) return null;
  const from = model.asked && model.asked.story === story.id ? model.asked.step : story.step;
  const step = from + direction;
  if (step < 1 || step > story.steps) return null;
  return { story: story.id, step };
}

/** The presenter's channel for a stage session. */
export function channelName(session: string): string {
  return `shardscope-presenter-${session}`;
}

/** The session named by a presenter link's fragment (`#presenter=<session>`), or null. */
export function presenterSessionOf(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const v = params.get(PRESENTER_PARAM);
  return v !== null && /^[A-Za-z0-9-]{1,64}$/.test(v) ? v : null;
}

/** The address of the presenter view for a stage at `href`: the same page (sub-path, file:// or single file), with the fragment naming the session. */
export function presenterHref(href: string, session: string): string {
  const i = href.indexOf('#');
  return `${i < 0 ? href : href.slice(0, i)}#${PRESENTER_PARAM}=${session}`;
}

/** The event the header's button sends to open the presenter view (the stage's channel owns the session). */
export const OPEN_EVENT = 'shardscope:open-presenter';
