// Four layout rules over every panel, in both languages, at a projector's
// 1280x720 and at 150% zoom (853x480 CSS px, device scale 1.5):
// 1. every `(?)` popover opens inside the viewport;
// 2. no identifier breaks across lines in the middle of a word (code blocks may);
// 3. no label is cut off (no clipped overflow, no ellipsis that actually clips);
// 4. every button's and label's whole box is clickable: the topmost element at several points of
//    it is the control itself or inside it.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { useBuiltSite, watchPage, type PageWatch } from './browser';
import { stageSettled } from './stageItems';

const DIST = process.env.LAYOUT_DIST ?? join(import.meta.dirname, '..', 'dist');

const VIEWPORTS = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  { name: '150%', viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 },
] as const;
const LANGS = ['en', 'zh-CN'] as const;

describe('layout rules', () => {
  const env = useBuiltSite(DIST);

  /** The page the three rules of one language and size read (the last of them clicks a view option). */
  async function open(lang: string, v: (typeof VIEWPORTS)[number]): Promise<{ context: BrowserContext; page: Page; watch: PageWatch }> {
    const context = await env.browser.newContext({ viewport: v.viewport, deviceScaleFactor: v.deviceScaleFactor, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const watch = watchPage(page, env.site.origin);
    await page.goto(`${env.site.url}?lang=${lang}`);
    await page.getByTestId('replica-card').first().waitFor();
    // The first snapshots have landed (the model runs), so badges, notes and rates are in place,
    // and nothing is still on its way to the screen.
    await page.waitForFunction(() => !!document.querySelector('.app')?.getAttribute('data-engine'));
    await stageSettled(page, 30_000);
    return { context, page, watch };
  }

  for (const lang of LANGS) {
    for (const v of VIEWPORTS) describe(`${lang}, ${v.name}`, () => {
      // One page serves the three rules: the first two only read it (a popover opened is
      // closed again), the last clicks a view option at its end.
      let opened: { context: BrowserContext; page: Page; watch: PageWatch };
      before(async () => {
        opened = await open(lang, v);
      });
      after(async () => {
        await opened?.context.close();
      });
      afterEach(() => {
        assert.deepEqual(opened.watch.pageErrors, []);
      });
      it(`every (?) popover stays inside the viewport (${lang}, ${v.name})`, async () => {
        const { page } = opened;
        const ids = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('button.explain__button[data-testid]')]
            .filter((b) => b.getClientRects().length > 0)
            .map((b) => b.dataset.testid!),
        );
        assert.ok(ids.length >= 10, `found only ${ids.length} (?) buttons`);
        const outside: string[] = [];
        for (const id of ids) {
          const button = page.getByTestId(id).first();
          await button.scrollIntoViewIfNeeded();
          await button.click();
          const pop = page.getByTestId(`${id}-popover`).first();
          await pop.waitFor();
          const box = await pop.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: innerWidth, h: innerHeight };
          });
          if (box.left < -0.5 || box.top < -0.5 || box.right > box.w + 0.5 || box.bottom > box.h + 0.5) {
            outside.push(`${id}: [${Math.round(box.left)}, ${Math.round(box.top)}, ${Math.round(box.right)}, ${Math.round(box.bottom)}] in ${box.w}x${box.h}`);
          }
          await page.keyboard.press('Escape');
          await pop.waitFor({ state: 'detached' });
        }
        assert.deepEqual(outside, []);
      });

      it(`no identifier breaks mid-word and no label is cut off (${lang}, ${v.name})`, async () => {
        const { page } = opened;
        const found = await page.evaluate(() => {
          const broken: string[] = [];
          const clipped: string[] = [];
          const CODE = 'pre, code, .code, textarea, input, svg, .sr-only, [aria-hidden="true"]';
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const text = n.nodeValue ?? '';
            if (!/[A-Za-z]{3}/.test(text)) continue;
            const parent = n.parentElement;
            if (!parent || parent.closest(CODE)) continue;
            if (parent.getClientRects().length === 0) continue;
            for (const m of text.matchAll(/[A-Za-z0-9_]{3,}/g)) {
              const range = document.createRange();
              range.setStart(n, m.index);
              range.setEnd(n, m.index + m[0].length);
              const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)));
              if (tops.size > 1) broken.push(`${m[0]} in "${text.slice(0, 60)}"`);
            }
          }
          for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
            if (el.closest('pre, textarea, svg, .sr-only, [aria-hidden="true"], canvas')) continue;
            const cs = getComputedStyle(el);
            if (cs.display === 'none' || cs.visibility === 'hidden' || el.clientWidth <= 2) continue;
            const ownText = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && (c.nodeValue ?? '').trim() !== '');
            if (!ownText) continue;
            const hides = cs.textOverflow === 'ellipsis' || cs.overflowX === 'hidden' || cs.overflowX === 'clip';
            if (hides && el.scrollWidth > el.clientWidth + 1) clipped.push(`${el.tagName.toLowerCase()}.${el.className}: "${(el.textContent ?? '').trim().slice(0, 60)}"`);
          }
          // A label written with an ellipsis reads as cut off as much as one that is clipped.
          for (const el of document.body.querySelectorAll<HTMLElement>('legend, label, button, th, dt, h1, h2, h3, h4, .card__label')) {
            if (el.getClientRects().length === 0 || el.closest('.sr-only')) continue;
            const text = (el.textContent ?? '').trim();
            if (/\S…/.test(text)) clipped.push(`${el.tagName.toLowerCase()}: "${text.slice(0, 60)}" ends in an ellipsis`);
          }
          return { broken, clipped };
        });
        assert.deepEqual(found.broken, [], 'identifiers broken mid-word');
        assert.deepEqual(found.clipped, [], 'labels cut off');
      });

      it(`every button's and label's whole box is clickable (${lang}, ${v.name})`, async () => {
        const { page } = opened;
        const covered = await page.evaluate(() => {
          const out: string[] = [];
          const controls = [...document.querySelectorAll<HTMLElement>('button, label, [role="button"], summary, a[href]')];
          for (const el of controls) {
            if (el.closest('.sr-only')) continue;
            if (el.getClientRects().length === 0) continue;
            const cs = getComputedStyle(el);
            if (cs.visibility === 'hidden' || cs.pointerEvents === 'none') continue;
            el.scrollIntoView({ block: 'center', inline: 'center' });
            const r = el.getBoundingClientRect();
            if (r.width < 2 || r.height < 2) continue;
            // Points a quarter inside each side, and the centre.
            const xs = [r.left + r.width * 0.2, r.left + r.width / 2, r.right - r.width * 0.2];
            const ys = [r.top + r.height / 2];
            for (const x of xs) {
              for (const y of ys) {
                if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
                const hit = document.elementFromPoint(x, y);
                const ok = hit !== null && (el.contains(hit) || (el instanceof HTMLLabelElement && el.control !== null && el.control === hit));
                if (!ok) {
                  const name = el.dataset.testid ?? (el.textContent ?? '').trim().slice(0, 40);
                  const by = hit ? `${hit.tagName.toLowerCase()}${hit instanceof HTMLElement && hit.dataset.testid ? `[${hit.dataset.testid}]` : ''}` : 'nothing';
                  out.push(`${el.tagName.toLowerCase()} "${name}" at (${Math.round(x)}, ${Math.round(y)}) is covered by ${by}`);
                  break;
                }
              }
            }
          }
          return [...new Set(out)];
        });
        assert.deepEqual(covered, []);
        // A click on an option's text selects it (the Ring option's radio used to cover its
        // text, so a click on the text landed on the radio, not on the label's words).
        await page.getByTestId('segmented-view').getByText(/^(Ring|环形)$/).click();
        assert.equal(await page.getByTestId('view-ring').isChecked(), true);
      });
    });
  }
});
