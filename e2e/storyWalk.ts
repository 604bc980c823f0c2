/**
 * The story walker: a speaker's walk through every step of all eight stories in one locale, in
 * one page, checking every per-step property at once. Presentation mode is turned on once with
 * `p`; PageDown moves from step 1 of the first story through every step of the story; each next
 * story is reached by {@link crossToNextStory} (PageDown again). Each step is built once and,
 * once ready (its own run at its time, past any event it waits for), read at 1920x1080, at
 * 1280x720 at 150% zoom (853x480 CSS px, 1.5 device px each) and at 1280x720, the window
 * resized through the DevTools protocol as a zoom resizes it. e2e/story-walk-en.test.ts and e2e/story-walk-zh.test.ts run it.
 *
 * What the suites that walked the stories checked, and where it is checked now:
 *
 * focus-view (every step, en and zh-CN, at 1280x720, 1920x1080 and 150%): the stage shows the
 *   step's items (`data-show`) and each of them is there; the page and the stage's body do not
 *   scroll; every item and every text of the stage inside the window and not cut by a box that
 *   clips it; the caption at most a quarter of the height; the narration whole; the headline at
 *   least half the stage wide; stage text 18 px or more -> {@link fit}, every step, every size.
 * caption-figures (every step, en and zh-CN): every figure a caption quotes is on screen within
 *   its rounding (e2e/captionFigures.ts, with its per-step allowances) -> {@link figuresProblems},
 *   every step at 1280x720 (presenting: the clicker walks showed nothing quoted is lost there);
 *   the globe menu switches the language and keeps the step -> the zh-CN walk starts in English
 *   and switches at the first step ({@link switchLanguage}).
 * clicker-walk (en; zh-CN after scrubbing each story's timeline): PageDown from step 1 of each
 *   story through every step and on into the next story; presentation stays on; each
 *   step's run reaches its time; the caption's figures on screen; no page error; in zh-CN a
 *   PageDown on the focused timeline, after scrubbing it at step 1, still steps the story into
 *   its own run -> {@link walkStories} (the scrub: zh-CN), {@link atStep}, {@link crossToNextStory}.
 * stories, the Next walk and the PageDown walk (every step, en): the address bar, the caption's
 *   title, step and focus, the schedule as sentences, the client mode, the rolling upgrade and
 *   its start, the initial list, the API servers' gates, the client, its cache, the shard key,
 *   the skew, the replica count and playing or paused all as the step sets them ->
 *   {@link stateProblems}, every step and every locale (the control panel stays mounted, hidden,
 *   while presenting); the selectors (once a reshard has fired, the new layout's), the replica
 *   cards' count and the step's panel in view, which only the normal layout shows ->
 *   {@link normalLayout} at each story's last step, and at every step of e2e/stories.test.ts's
 *   Next walk (problem and saving: with the event flow and the memory figures, the two panels no
 *   last step focuses); Next disabled at the last step, and PageDown past it opening the next
 *   story's step 1 -> each story's last step ({@link normalLayout}, {@link crossToNextStory}).
 * story-keys, the speaker's walk (en): `p` once, PageDown through every step of all eight
 *   stories, presentation staying on, PageDown at a last step opening the next story's step 1 -> {@link walkStories};
 *   PageUp goes back to exactly the step before -> {@link stepBack}, at the last story's last
 *   step (every key and focus target: e2e/story-keys.test.ts).
 * zh-terms (every step in zh-CN presenting, and each story in the normal layout): no visible text
 *   breaks the glossary; the headline's 各自, "；" and ratio sentence; no Chinese in italics or
 *   capitals; every chart on the stage keeps a 50 px plot area -> {@link chineseProblems} at
 *   every step (zh-CN walk) and in {@link normalLayout}; the command line under --lang zh-CN ->
 *   e2e/story-walk-zh.test.ts.
 * stage-story (mechanism 1, saving 2, resharding 3 and 6, rollout 2; en and zh-CN; 1280x720 and
 *   150%): the caption shows the step's title in the top 40% of the window; every item below
 *   the caption and inside the window; the hash strip drawn with its axis, no label cut; the
 *   headline within its lines; each chart's drawing inside its plot, its title, figures and
 *   plot apart and inside the window, the plot 30 px or more; no boxed text overflowing; text
 *   18 px or more at 1280x720; no serious or critical axe violation in the caption and the stage
 *   (at 1280x720)
 *   -> {@link stageProblems} at those steps and sizes.
 * every walk: no page error -> the end of {@link walkStories}, which also fails on a request
 *   to any other origin.
 * firefox: one story in Firefox (e2e/firefox.test.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, Page } from 'playwright-core';
import { setPlaying, watchPage, waitStepReady, waitTime, type SuiteEnv } from './browser';
import { STORIES, resolveStep, type Story, type StoryStep } from '../src/stories';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { drifts, NO_IT, prose, RULES } from '../src/i18n/glossaryRules';
import { ordered as orderedSchedule, replicaCountsBefore, type ScheduledEvent } from '../src/sim/params';
import { figuresNotShown, SHOWN_TEXTS, wantedFigures } from './captionFigures';
import { onStage, stageIds, stageSettled } from './stageItems';

export type Locale = 'en' | 'zh-CN';
type Catalogue = Record<string, unknown>;
const CATALOGUES: Record<Locale, Catalogue> = { en, 'zh-CN': zhCN };

/** The sizes every step is read at, in the order they are read (the walk moves on at 1280x720). */
const SIZES = [
  { name: '1920x1080', width: 1920, height: 1080, scale: 1 },
  // A 1280x720 screen at 150% zoom.
  { name: '150%', width: 853, height: 480, scale: 1.5 },
  { name: '1280x720', width: 1280, height: 720, scale: 1 },
] as const;
type Size = (typeof SIZES)[number];
const PROJECTOR = SIZES[2];

/**
 * The steps whose caption and stage are pressed hardest (their charts, headline and text checked
 * part by part): mechanism 1 shows the hash space alone; saving 2 asks a question; resharding 3
 * has the longest narration; resharding 6 the most text in all (narration and the previous
 * step's answer); rollout 2 a headline that names a failure, twice as long. The figure: the most
 * lines the headline may take.
 */
const PRESSED: Record<string, number> = { 'mechanism/1': 3, 'saving/2': 3, 'resharding/3': 3, 'resharding/6': 3, 'rollout/2': 6 };

// ---- the walk ----------------------------------------------------------------------------------

/** What a walk found wrong (empty when all is well), and how many steps it read. */
export interface WalkResult {
  readonly problems: string[];
  readonly steps: number;
}

/**
 * Walks every step of every story (or those named in WALK_STORIES, comma-separated: a
 * developer's loop) in `locale` as a speaker does.
 */
export async function walkStories(env: SuiteEnv, locale: Locale): Promise<WalkResult> {
  const stories = STORIES.filter((s) => !process.env.WALK_STORIES || process.env.WALK_STORIES.split(',').includes(s.id));
  const context = await env.browser.newContext({ viewport: { width: PROJECTOR.width, height: PROJECTOR.height }, reducedMotion: 'no-preference' });
  const problems: string[] = [];
  let steps = 0;
  try {
    const page = await context.newPage();
    const walk: Walk = { page, cdp: await context.newCDPSession(page), locale, size: PROJECTOR, seen: new Set() };
    const watch = watchPage(page, env.site.origin);
    // The first story's step 1 in English; the zh-CN walk switches with the globe menu.
    await page.goto(`${env.site.url}#story=${stories[0]!.id}&step=1&lang=en`);
    await page.getByTestId('story-caption').waitFor({ timeout: 60_000 });
    if (locale !== 'en') problems.push(...(await switchLanguage(page, locale)));
    // The speaker turns presentation mode on once, with the page focused.
    await blur(page);
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.querySelector('[data-testid="presentation-toggle"]')?.getAttribute('aria-pressed') === 'true');
    walking: for (const [i, story] of stories.entries()) {
      if (i > 0) {
        const crossed = await crossToNextStory(page, stories[i - 1]!, story);
        problems.push(...crossed);
        if (crossed.length) break;
      }
      for (let n = 1; n <= story.steps.length; n++) {
        if (n > 1) await page.keyboard.press('PageDown');
        const found = await atStep(walk, story, n);
        problems.push(...found.problems);
        if (found.lost) break walking;
        steps++;
        if (n === 1) {
          if (locale === 'zh-CN') {
            // Back to the first quarter of the story's run on its timeline, focus staying on the
            // track: PageDown on the focused timeline must still step the story.
            const track = page.getByTestId('timeline-track').first();
            const box = (await track.boundingBox())!;
            await page.mouse.click(box.x + box.width / 4, box.y + box.height / 2);
            await track.focus();
          } else {
            // What a clicker types goes to the page, not to a control.
            await blur(page);
          }
        }
      }
      if (story === stories.at(-1)) problems.push(...(await stepBack(walk, story)));
      problems.push(...(await normalLayout(walk, story)));
    }
    if (watch.pageErrors.length) problems.push(`page errors: ${watch.pageErrors.join(' | ')}`);
    if (watch.foreignRequests.length) problems.push(`requests to other origins: ${watch.foreignRequests.join(' ')}`);
  } finally {
    await context.close();
  }
  return { problems, steps };
}

/** The walk's page, its DevTools session (for resizing), its locale, the window's size now, and the glossary rules already reported. */
interface Walk {
  readonly page: Page;
  readonly cdp: CDPSession;
  readonly locale: Locale;
  size: Size;
  readonly seen: Set<string>;
}

/**
 * WALK_TRACE=1 prints, per step, how long each part of the reading took (a developer's view of
 * where the walk's time goes); `mark` records a part, `end` prints the step's line.
 */
function timer(where: string): (part: string, end?: boolean) => void {
  const parts: string[] = [];
  let last = Date.now();
  const start = last;
  return (part, end = false) => {
    if (!process.env.WALK_TRACE) return;
    const now = Date.now();
    if (!end) parts.push(`${part} ${((now - last) / 1000).toFixed(1)}`);
    last = now;
    if (end) console.log(`walk ${where}: ${((now - start) / 1000).toFixed(1)} s (${parts.join(', ')})`);
  };
}

const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
const stepShown = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="story-caption"]')?.getAttribute('data-step') ?? null);
const presenting = (page: Page) => page.getByTestId('presentation-toggle').getAttribute('aria-pressed');

/**
 * Takes the walk from the last step of `from` to step 1 of `to`: the one place that knows how a
 * speaker crosses from one story to the next. PageDown at a story's last step opens the next
 * story's step 1 (in menu order), the address bar naming it; presentation mode stays on.
 */
async function crossToNextStory(page: Page, from: Story, to: Story): Promise<string[]> {
  const problems: string[] = [];
  // A walk of some stories only (WALK_STORIES) opens a story that does not come next by its link.
  const next = STORIES.findIndex((s) => s.id === from.id) + 1 === STORIES.findIndex((s) => s.id === to.id);
  if (next) await page.keyboard.press('PageDown');
  else await page.evaluate((id) => (location.hash = `#story=${id}&step=1`), to.id);
  const opened = await page
    .waitForFunction(
      (id) => {
        const caption = document.querySelector('[data-testid="story-caption"]');
        return caption?.getAttribute('data-story') === id && caption.getAttribute('data-step') === '1' && location.hash.startsWith(`#story=${id}&`);
      },
      to.id,
      { timeout: 60_000 },
    )
    .then(() => true, () => false);
  if (!opened) problems.push(`PageDown at ${from.id}'s last step did not open ${to.id}'s step 1 (the address bar reads ${await page.evaluate(() => location.hash)})`);
  if ((await presenting(page)) !== 'true') problems.push(`${to.id}: presentation mode is off after PageDown into it`);
  // What a clicker types goes to the page.
  await blur(page);
  return problems;
}

/** Switches the page's language with the globe menu; the step shown stays. */
async function switchLanguage(page: Page, locale: Locale): Promise<string[]> {
  const before = await stepShown(page);
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-option-${locale}`).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, locale);
  const after = await stepShown(page);
  return after === before ? [] : [`the language switch moved the story from step ${before} to step ${after}`];
}

/**
 * PageUp from the last step of `story`: the step before, exactly as the walk showed it (its own
 * run at its time, its state), then PageDown back.
 */
async function stepBack(walk: Walk, story: Story): Promise<string[]> {
  const n = story.steps.length;
  if (n < 2) return [];
  await walk.page.keyboard.press('PageUp');
  const back = await waitStep(walk, story, n - 1, 'PageUp');
  if (back.lost) return back.problems;
  const problems = [...back.problems, ...(await stateProblems(walk, story, n - 1, 'PageUp'))];
  await walk.page.keyboard.press('PageDown');
  const again = await waitStep(walk, story, n, 'PageUp, then PageDown');
  return [...problems, ...again.problems];
}

/** Waits until step n of `story` is shown and ready at its time; `lost` when it never is (the walk cannot go on). */
async function waitStep(walk: Walk, story: Story, n: number, how: string): Promise<{ problems: string[]; lost: boolean }> {
  const { page, locale } = walk;
  const where = `${story.id} step ${n} (${locale}, ${how})`;
  const shown = await page
    .waitForFunction(([id, s]) => {
      const caption = document.querySelector('[data-testid="story-caption"]');
      return caption?.getAttribute('data-story') === id && caption.getAttribute('data-step') === s;
    }, [story.id, String(n)] as const, { timeout: 60_000 })
    .then(() => true, () => false);
  if (!shown) return { problems: [`${where}: the step is not shown (${await page.evaluate(() => location.hash)}, step ${await stepShown(page)})`], lost: true };
  const r = resolveStep(story, n - 1)!;
  const ready = await waitStepReady(page, r.time).then(() => null, (e: unknown) => (e instanceof Error ? e.message : String(e)));
  if (ready) return { problems: [`${where}: ${ready}`], lost: true };
  return { problems: [], lost: false };
}

/** Everything the walk checks at step n of `story`, reached by PageDown (or, for step 1, by its link). */
async function atStep(walk: Walk, story: Story, n: number): Promise<{ problems: string[]; lost: boolean }> {
  const { page, locale } = walk;
  const trace = timer(`${story.id} step ${n} (${locale})`);
  const where = `${story.id} step ${n} (${locale})`;
  const how = n === 1 ? 'its link' : 'PageDown';
  const waited = await waitStep(walk, story, n, how);
  if (waited.lost) return waited;
  trace('ready');
  const problems = [...waited.problems];
  if ((await presenting(page)) !== 'true') problems.push(`${where}: presentation mode is off`);
  problems.push(...(await stateProblems(walk, story, n, how)));
  trace('state');
  // The caption's figures first, at the step's time: a figure may be a moment of the run
  // (rollout 3: "by 45 s two replicas hold about two thirds"), which a slow machine passes.
  problems.push(...(await figuresProblems(page, story, n, locale)));
  trace('figures');
  if (locale === 'zh-CN') {
    await page.waitForFunction(() => [...document.querySelectorAll('[data-focus-item]')].every((el) => el.firstElementChild !== null));
    problems.push(...(await atStepTime(walk, story, n, async () => chineseProblems(`${story.id} step ${n}`, (await page.evaluate(READ_ZH)) as ZhRead, walk.seen))));
    trace('glossary');
  }
  const step = story.steps[n - 1]!;
  const pressed = PRESSED[`${story.id}/${n}`];
  for (const size of SIZES) {
    await resize(walk, size);
    problems.push(...(await fit(page, story, n, `${where} at ${size.name}`)));
    trace(`fit ${size.name}`);
    if (pressed !== undefined && size !== SIZES[0]) {
      problems.push(...(await stageProblems(page, step, size, CATALOGUES[locale], pressed, `${where} at ${size.name}`)));
      trace(`parts ${size.name}`);
    }
  }
  trace('done', true);
  return { problems, lost: false };
}

/**
 * Runs `read` at the step's time. A playing step with an event still ahead (resharding 1, 3 and
 * 6, at 0 s: the reshard 5 s on, whose gap or overlap adds the legend's share) is read paused at
 * its time, then plays on: otherwise what is read would depend on how fast the machine got
 * there. (Home on the timeline: in a story the arrows would step the story.)
 */
async function atStepTime(walk: Walk, story: Story, n: number, read: () => Promise<string[]>): Promise<string[]> {
  const { page } = walk;
  const r = resolveStep(story, n - 1)!;
  const ahead = r.playing && r.params.schedule.some((e) => e.at > r.time);
  if (!ahead) return read();
  if (r.time !== 0) return [`${story.id} step ${n}: a playing step with an event ahead at ${r.time} s: the walk reads such a step paused at 0 s only`];
  // The focus goes back where it was (the zh-CN walk keeps it on the timeline).
  const onTrack = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'timeline-track');
  await setPlaying(page, false);
  await page.getByTestId('timeline-track').first().focus();
  await page.keyboard.press('Home');
  await waitTime(page, 0, 0);
  await stageSettled(page);
  const out = await read();
  await setPlaying(page, true);
  if (!onTrack) await blur(page);
  return out;
}

/** Resizes the window (and its device pixel ratio, as a zoom does) and waits until the page has the new size. */
async function resize(walk: Walk, size: Size): Promise<void> {
  if (walk.size === size) return;
  await walk.cdp.send('Emulation.setDeviceMetricsOverride', { width: size.width, height: size.height, deviceScaleFactor: size.scale, mobile: false });
  await walk.page.waitForFunction(([w, h, r]) => innerWidth === w && innerHeight === h && devicePixelRatio === r, [size.width, size.height, size.scale] as const);
  walk.size = size;
}

/**
 * The step at the end of a story, in the normal layout (presentation off with `p`, then on
 * again): the step's panel in view, its replica cards, Next disabled, and in zh-CN the glossary
 * over every panel.
 */
async function normalLayout(walk: Walk, story: Story): Promise<string[]> {
  const { page, locale } = walk;
  const n = story.steps.length;
  const where = `${story.id} step ${n} (${locale}, normal layout)`;
  const problems: string[] = [];
  if (!(await page.getByTestId('story-next').isDisabled())) problems.push(`${where}: Next is enabled at the last step`);
  await page.keyboard.press('p');
  // (and the address bar has followed, so the next story's link is not overwritten by this one's)
  await page.waitForFunction(() => document.querySelector('[data-testid="presentation-toggle"]')?.getAttribute('aria-pressed') === 'false' && !location.hash.includes('present=1'));
  const r = resolveStep(story, n - 1)!;
  const focus = r.step.focus;
  const inView = await page
    .waitForFunction(
      (id) => {
        const b = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
        return !!b && b.top < innerHeight && b.bottom > 0;
      },
      focus,
      { timeout: 15_000 },
    )
    .then(() => true, () => false);
  if (!inView) problems.push(`${where}: ${focus} is not in view`);
  // The cards: the step's count, or the count a fired reshard of its schedule gave (they mount
  // a frame or more after the layout changes).
  const counts = [r.params.replicas, ...orderedSchedule(r.params.schedule).map((e) => e.to)];
  await page
    .waitForFunction(
      (c) => {
        const cards = document.querySelectorAll('[data-testid="replica-card"]').length;
        return c.includes(cards) && document.querySelectorAll('[data-testid="selector-input"]').length === cards;
      },
      counts,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  const cards = await page.getByTestId('replica-card').count();
  if (!counts.includes(cards)) problems.push(`${where}: ${cards} replica cards, expected one of ${counts.join(', ')}`);
  // The whole state again, with the selectors, which only the normal layout's cards all show.
  problems.push(...(await stateProblems(walk, story, n, 'normal layout', false)));
  if (locale === 'zh-CN') {
    problems.push(
      ...(await atStepTime(walk, story, n, async () => {
        const full = (await page.evaluate(READ_ZH)) as ZhRead;
        return chineseProblems(`${story.id} (normal layout)`, { ...full, headline: '', plots: [] }, walk.seen);
      })),
    );
  }
  await blur(page);
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('[data-testid="presentation-toggle"]')?.getAttribute('aria-pressed') === 'true' && location.hash.includes('present=1'));
  return problems;
}

// ---- the step's state (the control panel, mounted and hidden while presenting) ---------------------

/** What the page shows of the state a step sets. */
interface Shown {
  hash: string;
  title: string;
  step: string | null;
  focus: string | null;
  replicas: string | null;
  selectors: string[];
  /** The Schedule section's items, as sentences. */
  schedule: string[];
  clientMode: string | null;
  rollout: boolean | null;
  rolloutAt: number | null;
  initialList: string | null;
  gates: boolean[];
  client: string | null;
  clientCache: string | null;
  shardKey: string | null;
  skew: string | null;
  playing: boolean;
}

/** An event of a step's schedule as the Schedule section writes it, from the catalogue's templates. */
function scheduleText(cat: Catalogue, e: ScheduledEvent, from: number): string {
  const every = e.rollout.kind === 'all-at-once' ? undefined : e.rollout.everySeconds;
  const vars: Record<string, string> = {
    at: String(e.at),
    from: String(from),
    to: String(e.to),
    strategy: cat[`schedule.strategy.${e.strategy}`] as string,
    rollout: cat[`schedule.rollout.${e.rollout.kind}`] as string,
    every: String(every),
  };
  return (cat[every !== undefined ? 'schedule.itemEvery' : 'schedule.item'] as string).replace(/\{(\w+)\}/g, (_, k: string) => vars[k]!);
}

/** The state step n of `story` sets, as the page shows it. */
function expected(story: Story, n: number, locale: Locale, presentation: boolean): Shown {
  const cat = CATALOGUES[locale];
  const r = resolveStep(story, n - 1)!;
  const froms = replicaCountsBefore(r.params.schedule, r.params.replicas);
  return {
    // A language switched to in the page stays in its address.
    hash: `#story=${story.id}&step=${n}${presentation ? '&present=1' : ''}${locale === 'en' ? '' : `&lang=${locale}`}`,
    title: cat[r.step.title] as string,
    step: String(n),
    focus: r.step.focus,
    replicas: String(r.params.replicas),
    selectors: [...r.params.selectors],
    schedule: r.params.schedule.map((e, i) => scheduleText(cat, e, froms[i]!)),
    clientMode: r.params.clientMode,
    rollout: (r.params.lifecycle?.rollout ?? null) !== null,
    rolloutAt: r.params.lifecycle?.rollout?.at ?? null,
    // A client that needs LIST pages lists whatever the lifecycle says (toSimInput), and the page shows it so.
    initialList: r.params.client === 'shardinfo' || r.params.client === 'ksm-2.18' ? 'list' : (r.params.lifecycle?.initialList ?? 'watch-list'),
    gates: r.params.apiServers.map((s) => s.gate),
    client: r.params.client,
    clientCache: r.params.clientCache,
    shardKey: r.params.shardKey,
    skew: String(r.params.namespaceSkew),
    playing: r.playing,
  };
}

/** Reads the step's state (plain JavaScript: a function from here would carry tsx's helpers). */
const READ_STATE = `(() => {
  const caption = document.querySelector('[data-testid="story-caption"]');
  const checked = (id) => document.querySelector('[data-testid="segmented-' + id + '"] input:checked')?.value ?? null;
  const at = document.querySelector('[data-testid="field-rolloutAt"]')?.value;
  return {
    hash: location.hash,
    title: caption?.querySelector('h2')?.textContent ?? '',
    step: caption?.getAttribute('data-step') ?? null,
    focus: caption?.getAttribute('data-focus') ?? null,
    replicas: document.querySelector('[data-testid="field-replicas"]')?.value ?? null,
    selectors: [...document.querySelectorAll('[data-testid="selector-input"]')].map((e) => e.value),
    schedule: [...document.querySelectorAll('[data-testid="schedule-item"] > span')].map((e) => e.textContent ?? ''),
    clientMode: checked('clientMode'),
    rollout: document.querySelector('input[data-testid="toggle-rollout"]')?.checked ?? null,
    rolloutAt: at === undefined ? null : Number(at),
    initialList: checked('initialList'),
    gates: [...document.querySelectorAll('input[data-testid^="toggle-gate-"]')].map((e) => e.checked),
    client: checked('client'),
    clientCache: checked('clientCache'),
    shardKey: checked('shardKey'),
    skew: document.querySelector('[data-testid="field-namespaceSkew"]')?.value ?? null,
    playing: document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'true',
  };
})()`;

/**
 * Compares the state the page shows with the one step n sets. Waits first (up to 15 s) for the
 * address bar and playback to follow the step: a step shown later in its run is paused while its
 * run is built, then plays by itself.
 */
async function stateProblems(walk: Walk, story: Story, n: number, how: string, presentation = true): Promise<string[]> {
  const { page, locale } = walk;
  const want = expected(story, n, locale, presentation);
  await page
    .waitForFunction(([hash, playing]) => location.hash === hash && (document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-pressed') === 'true') === playing, [want.hash, want.playing] as const, { timeout: 15_000 })
    .catch(() => undefined);
  const r = resolveStep(story, n - 1)!;
  const before = Number(await page.getByTestId('timeline').getAttribute('data-time'));
  const got = (await page.evaluate(READ_STATE)) as Shown;
  const now = Number(await page.getByTestId('timeline').getAttribute('data-time'));
  // A step shown after its reshard (a step opens at its time, and a playing one goes on) shows
  // the new layout's selectors; before it, the step's own.
  // The selectors are read in the cards: while presenting, only a step that shows them has them.
  const resharded = r.params.schedule.some((e) => e.at <= Math.max(r.time, before, now));
  const skew = got.skew !== null && Number(got.skew.replace(/,/g, '')) === Number(want.skew) ? want.skew : got.skew;
  const differs = Object.entries({ ...got, skew, selectors: resharded || presentation ? want.selectors : got.selectors }).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(want[k as keyof Shown]));
  return differs.map(([k, v]) => `${story.id} step ${n} (${locale}, ${how}): ${k} is ${JSON.stringify(v)}, the step sets ${JSON.stringify(want[k as keyof Shown])}`);
}

// ---- fit: the stage at each size -----------------------------------------------------------------

/** What the stage measures at one step. */
interface Geometry {
  readonly show: string;
  readonly scrolls: string[];
  readonly outside: string[];
  readonly caption: number;
  readonly clamped: boolean;
  readonly headline: number;
  readonly stage: number;
  readonly small: string[];
}

/**
 * Measures the stage in the page (plain JavaScript: a function from here would carry tsx's
 * helpers). e2e/measure-stage-scale.ts measures with it too.
 */
export const MEASURE = `(() => {
  const vw = innerWidth;
  const vh = innerHeight;
  const stage = document.querySelector('[data-testid="stage"]');
  const scrolls = [];
  const root = document.scrollingElement;
  if (root.scrollHeight > vh + 1 || scrollY !== 0) scrolls.push(\`the page (\${root.scrollHeight} px)\`);
  const body = document.querySelector('.app__body');
  if (body.scrollHeight > body.clientHeight + 1) scrolls.push(\`the stage's body (\${body.scrollHeight} of \${body.clientHeight} px)\`);
  const outside = [];
  function label(el) { return \`\${el.tagName.toLowerCase()}\${el.getAttribute('data-testid') ? \`[\${el.getAttribute('data-testid')}]\` : el.className && typeof el.className === 'string' ? \`.\${el.className.split(' ')[0]}\` : ''} “\${(el.textContent ?? '').trim().slice(0, 40)}”\`; }
  for (const el of stage.querySelectorAll('[data-focus-item]')) {
    const b = el.getBoundingClientRect();
    if (b.height < 20 || b.top < -1 || b.bottom > vh + 1 || b.left < -1 || b.right > vw + 1) outside.push(\`item \${el.getAttribute('data-focus-item')} at \${Math.round(b.top)}–\${Math.round(b.bottom)} px\`);
  }
  // Text: every element with its own visible text, inside the window, and not cut by a box that clips it.
  const small = [];
  const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || seen.has(el) || !(n.textContent ?? '').trim()) continue;
    seen.add(el);
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[hidden],[aria-hidden="true"],.visually-hidden,.sr-only')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter((x) => x.width > 0 && x.height > 0);
    if (rects.length === 0) continue;
    // Screen-reader-only text is clipped to a pixel.
    if (el.getBoundingClientRect().width <= 1) continue;
    const bottom = Math.max(...rects.map((x) => x.bottom));
    if (bottom > vh + 1) outside.push(\`text \${label(el)} ends at \${Math.round(bottom)} px\`);
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const o = getComputedStyle(a);
      if (o.overflowY === 'hidden' || o.overflowY === 'clip') {
        const box = a.getBoundingClientRect();
        if (bottom > box.bottom + 1) outside.push(\`text \${label(el)} is cut by \${label(a)}\`);
        break;
      }
    }
    const px = parseFloat(style.fontSize) * devicePixelRatio;
    if (px < 17.5) small.push(\`\${label(el)}: \${style.fontSize}\`);
  }
  const caption = document.querySelector('[data-testid="caption-slot"]').getBoundingClientRect().height;
  const narration = document.querySelector('.story-caption__narration');
  const clamped = narration !== null && narration.scrollHeight > narration.clientHeight + 1;
  return {
    show: stage.getAttribute('data-show') ?? '',
    scrolls,
    outside,
    caption: caption / vh,
    clamped,
    headline: document.querySelector('[data-testid="headline-ratio"]').getBoundingClientRect().width,
    stage: stage.getBoundingClientRect().width,
    small: small.slice(0, 5),
  };
})()`;

/**
 * The step fits the stage at the window's size: it shows its items and nothing else, with no
 * scrolling, every item and text inside the window and uncut, the caption at most a quarter of
 * the height with its narration whole, the headline at least half the stage wide, text 18 px or
 * more (in device pixels).
 */
async function fit(page: Page, story: Story, n: number, where: string): Promise<string[]> {
  const step = story.steps[n - 1]!;
  // Every item the step shows is there (a hand-off report once its reshard has happened),
  // mounted (the page mounts panels a frame apart) and laid out, and the stage has settled.
  for (const id of stageIds(step)) await onStage(page, id).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => [...document.querySelectorAll('[data-focus-item]')].every((el) => el.firstElementChild !== null && el.getBoundingClientRect().height > 0));
  await stageSettled(page);
  const g = (await page.evaluate(MEASURE)) as Geometry;
  const out: string[] = [];
  const say = (m: string) => out.push(`${where}: ${m}`);
  if (g.show !== step.show.join(' ')) say(`the stage shows “${g.show}”, not the step's items`);
  for (const s of g.scrolls) say(`${s} scrolls`);
  for (const o of g.outside.slice(0, 3)) say(o);
  if (g.caption > 0.25 + 1e-3) say(`the caption takes ${(g.caption * 100).toFixed(0)}% of the height`);
  if (g.clamped) say('the narration is cut');
  if (g.headline < g.stage / 2) say(`the headline is ${Math.round(g.headline)} px of a ${Math.round(g.stage)} px stage`);
  for (const x of g.small) say(`text under 18 px: ${x}`);
  return out;
}

// ---- the pressed steps: caption, charts and text part by part --------------------------------------

/** Boxed texts that must not overflow, in the caption and on the stage. */
const BOXED = 'button, label, .badge, .legend-item, .chart__title, .chart__value, .audit__title, .audit__row, .panel__title, .story-caption__where, .story-caption__title, h2, h3, .headline';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Reads the caption and the stage part by part (plain JavaScript, as {@link MEASURE}). */
const PARTS = `((boxed) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  const stage = document.querySelector('[data-testid="stage"]');
  const caption = document.querySelector('[data-testid="story-caption"]');
  const strip = stage.querySelector('.hashspace__stage');
  let axis = null;
  if (strip) {
    const s = strip.getBoundingClientRect();
    const labels = [...stage.querySelectorAll('.hashspace__axis text')].map((e) => e.getBoundingClientRect());
    axis = { strip: box(strip), count: labels.length, outside: labels.filter((r) => r.bottom > Math.min(s.bottom, innerHeight) + 0.5).length };
  }
  const headline = stage.querySelector('[data-testid="headline-ratio"]');
  const cut = [...stage.querySelectorAll('.chart__plot')].flatMap((plot) => {
    const svg = plot.querySelector('svg').getBoundingClientRect();
    const b = plot.getBoundingClientRect();
    return svg.bottom > b.bottom + 1 ? [\`\${plot.parentElement?.getAttribute('data-testid')}: svg \${svg.height} in \${b.height}\`] : [];
  });
  const parts = [...stage.querySelectorAll('[data-testid^="chart-"]')].flatMap((chart) =>
    ['.chart__title', '.chart__values', '.chart__plot'].flatMap((part) => {
      const el = chart.querySelector(part);
      return el ? [{ name: \`\${chart.getAttribute('data-testid')} \${part}\`, box: box(el) }] : [];
    }),
  );
  const overflowing = [];
  for (const root of [caption, stage])
    for (const el of root.querySelectorAll(boxed)) {
      // Skips screen-reader-only text (a 1 px box).
      if (el.closest('.sr-only') || el.clientWidth <= 1) continue;
      if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.scrollWidth > el.clientWidth + 1) overflowing.push(\`\${el.tagName.toLowerCase()}.\${el.className}: "\${el.textContent?.trim().slice(0, 40)}" \${el.scrollWidth}>\${el.clientWidth}\`);
    }
  // The smallest font size of any visible text on the stage, and where (skipping 1 px screen-reader text).
  let min = Infinity;
  let minWhere = '';
  for (const el of stage.querySelectorAll('*')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '')) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || !el.checkVisibility({ visibilityProperty: true })) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < min) { min = size; minWhere = \`\${el.tagName}.\${el.getAttribute('class') ?? ''}: \${(el.textContent ?? '').trim().slice(0, 40)}\`; }
  }
  return {
    captionVisible: !!caption && caption.checkVisibility({ visibilityProperty: true }),
    captionText: caption?.textContent ?? '',
    caption: box(caption),
    scroll: { height: document.documentElement.scrollHeight, y: scrollY, inner: innerHeight },
    axis,
    lines: headline.getBoundingClientRect().height / parseFloat(getComputedStyle(headline).lineHeight),
    cut,
    parts,
    overflowing,
    min,
    minWhere,
  };
})`;

interface Parts {
  captionVisible: boolean;
  captionText: string;
  caption: Box;
  scroll: { height: number; y: number; inner: number };
  axis: { strip: Box; count: number; outside: number } | null;
  lines: number;
  cut: string[];
  parts: { name: string; box: Box }[];
  overflowing: string[];
  min: number;
  minWhere: string;
}

/**
 * The caption and the stage of a pressed step, part by part: the caption with the step's title in
 * the top 40% of the window, no scrolling, every item below the caption and inside the window,
 * the hash strip and its axis whole, the headline within `maxLines`, every chart's drawing
 * inside its plot, its parts apart and inside the window with 30 px of plot, no boxed text
 * overflowing, text 18 px or more at 1280x720, and no serious or critical axe violation (read
 * at 1280x720 only).
 */
async function stageProblems(page: Page, step: StoryStep, size: Size, cat: Catalogue, maxLines: number, where: string): Promise<string[]> {
  const out: string[] = [];
  const say = (m: string) => out.push(`${where}: ${m}`);
  const p = (await page.evaluate(`${PARTS}(${JSON.stringify(BOXED)})`)) as Parts;
  const title = cat[step.title] as string;
  if (!p.captionVisible) say('the caption is not visible');
  if (!p.captionText.includes(title)) say(`the caption lacks “${title}”`);
  const cb = p.caption;
  if (!(cb.y >= 0 && cb.y + cb.height <= size.height * 0.4)) say(`the caption is at ${JSON.stringify(cb)}`);
  if (!(p.scroll.y === 0 && p.scroll.height <= p.scroll.inner)) say(`the document scrolls ${JSON.stringify(p.scroll)}`);
  for (const id of stageIds(step)) {
    const b = await onStage(page, id).boundingBox();
    if (!b) say(`${id} has no box`);
    else if (!(b.x >= 0 && b.y >= cb.y + cb.height - 0.5 && b.x + b.width <= size.width + 0.5 && b.y + b.height <= size.height + 0.5)) say(`${id} at ${JSON.stringify(b)}`);
  }
  if (step.show.includes('hash')) {
    // The hash space itself is drawn, down to its axis, with no hex label cut off.
    if (!p.axis) say('no hash strip');
    else {
      if (!(p.axis.strip.height >= 40 && p.axis.strip.y + p.axis.strip.height <= size.height + 0.5)) say(`hash strip ${JSON.stringify(p.axis.strip)}`);
      if (p.axis.outside !== 0) say(`hash-space axis labels cut off ${JSON.stringify(p.axis)}`);
      if (p.axis.count < 2) say(`no hash-space axis ${JSON.stringify(p.axis)}`);
    }
  }
  if (!(p.lines < maxLines + 0.5)) say(`the headline takes ${p.lines.toFixed(1)} lines`);
  for (const c of p.cut) say(`a chart's drawing is cut: ${c}`);
  const charts = step.show.filter((x) => x.startsWith('chart:')).length;
  if (p.parts.length < 3 * charts) say(`${p.parts.length} chart parts for ${charts} charts`);
  for (const part of p.parts) {
    if (part.box.y + part.box.height > size.height + 0.5) say(`${part.name} below the window ${JSON.stringify(part.box)}`);
    if (part.name.endsWith('plot') && part.box.height < 30) say(`${part.name} is ${part.box.height} px high`);
  }
  for (let i = 0; i < p.parts.length; i++)
    for (let j = i + 1; j < p.parts.length; j++)
      if (overlap(p.parts[i]!.box, p.parts[j]!.box)) say(`${p.parts[i]!.name} ${JSON.stringify(p.parts[i]!.box)} overlaps ${p.parts[j]!.name} ${JSON.stringify(p.parts[j]!.box)}`);
  for (const o of p.overflowing) say(`overflows: ${o}`);
  if (size === PROJECTOR && p.min < 18) say(`${p.min} px: ${p.minWhere}`);
  // The caption and the stage (the page around them is audited whole by e2e/stories.test.ts),
  // once per step, at 1280x720: axe reads names, roles and colours, which the window's size
  // does not change.
  if (size !== PROJECTOR) return out;
  const axe = await new AxeBuilder({ page }).include('[data-testid="story-caption"]').include('[data-testid="stage"]').analyze();
  for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) say(`axe ${v.id}: ${v.nodes.length} node(s): ${String(v.nodes[0]?.target)}`);
  return out;
}

// ---- figures ---------------------------------------------------------------------------------------

/** Every figure the caption quotes is on screen (e2e/captionFigures.ts). */
async function figuresProblems(page: Page, story: Story, n: number, locale: Locale): Promise<string[]> {
  const r = resolveStep(story, n - 1)!;
  const cat = CATALOGUES[locale];
  const wanted = wantedFigures(story.id, n, `${String(cat[r.step.title])} ${String(cat[r.step.narration])}`);
  const missing = await figuresNotShown(async () => (await page.evaluate(SHOWN_TEXTS)) as string[], wanted, r.playing);
  return missing.map((f) => `${story.id} step ${n} (${locale}): “${f.text}” is not on screen`);
}

// ---- Chinese: the glossary, the headline, no italics or capitals, charts with room ----------------

/** What the page shows: visible texts outside code, the headline, Chinese set in italics or capitals, and the stage's plot heights. */
interface ZhRead {
  readonly texts: string[];
  readonly headline: string;
  readonly styled: string[];
  readonly plots: number[];
}

/** Reads the page (plain JavaScript: a function from here would carry tsx's helpers). */
const READ_ZH = `(() => {
  const CODE = 'code, pre, .code, .selector-editor, .list-preview, [data-testid="request-url"], .api-error__message, .card__rejected, .metrics';
  const HAN = /[\\u3400-\\u9fff]/;
  const texts = [];
  const styled = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n;
    if (el.closest(CODE) || el.closest('[hidden],[aria-hidden="true"],.sr-only,.visually-hidden')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    let own = '';
    for (const c of el.childNodes) if (c.nodeType === Node.TEXT_NODE) own += c.textContent;
    if (!own.trim()) continue;
    const b = el.getBoundingClientRect();
    if (b.width === 0 && b.height === 0) continue;
    texts.push(el.textContent || '');
    if (HAN.test(own) && (style.fontStyle === 'italic' || style.textTransform === 'uppercase')) styled.push(el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') + ' “' + own.trim().slice(0, 30) + '”: ' + style.fontStyle + ' ' + style.textTransform);
  }
  const stage = document.querySelector('[data-testid="stage"]');
  const plots = stage ? [...stage.querySelectorAll('.chart__plot')].map((p) => Math.round(p.getBoundingClientRect().height)) : [];
  return { texts, headline: document.querySelector('[data-testid="headline-ratio"]')?.textContent || '', styled, plots };
})()`;

/**
 * What the Chinese page gets wrong: a visible text that breaks the glossary (each rule reported
 * once per walk: `seen`), a headline that calls several replicas 它, joins its parts otherwise
 * than with "；" or states a ratio otherwise than "客户端分片的发送量是服务端分片的 N 倍", Chinese
 * in italics or capitals, a chart on the stage with less than 50 px to draw in (a long Chinese
 * headline still leaves the line, its scale and its value room).
 */
function chineseProblems(where: string, read: ZhRead, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const text of read.texts) {
    for (const d of drifts(prose(text), RULES)) {
      const key = d.split(' (write')[0]!;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(`${where}: ${d}`);
    }
  }
  const h = read.headline;
  if (h) {
    for (const d of drifts(h, [...RULES, NO_IT])) out.push(`${where}: headline: ${d}`);
    if (/;|,(?!\d{3})/.test(h)) out.push(`${where}: headline joins its parts with ASCII punctuation: “${h}”`);
    if (/但是/.test(h) && !/；(——)?但是/.test(h)) out.push(`${where}: headline: “但是” not after “；”: “${h}”`);
    if (/倍/.test(h) && !/客户端分片的发送量是服务端分片的 [\d.]+ 倍/.test(h)) out.push(`${where}: headline states a ratio otherwise than “客户端分片的发送量是服务端分片的 N 倍”: “${h}”`);
  }
  for (const s of read.styled.slice(0, 2)) out.push(`${where}: Chinese in italics or capitals: ${s}`);
  for (const px of read.plots) if (px < 50) out.push(`${where}: a chart's plot area is ${px} px tall (headline “${h}”)`);
  return out;
}

