// Your cluster, in the browser: owner lookup of a known uid gives Go's hash and the
// right replica, with a marker on the hash space; balanced ranges on a namespace-keyed cluster
// lower max/mean and the selectors are accepted by the cards; the snippets show the layout on
// screen and Copy copies them.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { freshPage, setPlaying, useBuiltSite, waitUntil, type PageWatch } from './browser';

const DIST = process.env.LAYOUT_DIST ?? join(import.meta.dirname, '..', 'dist');
const golden = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'tests', 'fixtures', 'fnv1a64-go.json'), 'utf8')) as { fnv1a64: { value: string; hash: string }[] }).fnv1a64;

/** Equal split bound i of n, as the apiserver writes it. */
const bound = (i: number, n: number): string => (i === n ? '0x10000000000000000' : '0x' + ((BigInt(i) << 64n) / BigInt(n)).toString(16).padStart(16, '0'));

describe('your cluster: owner lookup, balanced ranges, code', () => {
  const env = useBuiltSite(DIST);
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeEach(async () => {
    ({ context, page, watch } = await freshPage(env, context));
    // The clipboard of a headless browser may refuse: record what the page copies.
    await page.addInitScript("Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText(text) { window.copied = text; return Promise.resolve(); } } });");
    await page.goto(env.site.url);
    await page.getByTestId('replica-card').first().waitFor();
    await setPlaying(page, false);
    await page.getByTestId('your-cluster-open').click();
    await page.getByTestId('your-cluster').waitFor();
  });

  async function lookup(text: string): Promise<void> {
    await page.getByTestId('owner-lookup-input').fill(text);
    await page.getByTestId('owner-lookup-submit').click();
  }

  it("looks up uids: Go's FNV-1a 64, the replica whose range holds it, that range, and a marker on the strip", async () => {
    // Vectors spread over the space, so each of the 4 equal ranges is hit.
    const picks = [0, 1, 2, 3].map((r) => golden.find((g) => Number(BigInt('0x' + g.hash) >> 62n) === r)!);
    for (const g of picks) {
      await lookup(g.value);
      await waitUntil(async () => (await page.getByTestId('owner-lookup-hash').textContent()) === '0x' + g.hash);
      const replica = Number(BigInt('0x' + g.hash) >> 62n);
      assert.equal(await page.getByTestId('owner-lookup-server').getAttribute('data-owners'), String(replica));
      assert.equal(await page.getByTestId('owner-lookup-client').getAttribute('data-owners'), String(replica));
      assert.equal((await page.getByTestId('owner-lookup-range').textContent())?.trim(), `shardRange(object.metadata.uid, '${bound(replica, 4)}', '${bound(replica + 1, 4)}')`);
      const position = Number(await page.getByTestId('lookup-marker').getAttribute('data-position'));
      assert.ok(Math.abs(position - Number(BigInt('0x' + g.hash)) / 2 ** 64) < 1e-12);
    }
  });

  it("looks up a live pod by uid and by namespace/name: it is the pod its card's LIST shows, owned by that replica", async () => {
    // The preview is fetched once the card is on screen.
    const card = page.locator('[data-testid="replica-card"][data-replica="2"]');
    await card.getByTestId('list-preview').scrollIntoViewIfNeeded();
    await waitUntil(async () => /"uid": "/.test((await card.getByTestId('list-preview').textContent()) ?? ''), 20_000);
    const preview = (await card.getByTestId('list-preview').textContent()) ?? '';
    const uid = /"uid": "([0-9a-f-]{36})"/.exec(preview)?.[1];
    const name = /"name": "([^"]+)"/.exec(preview)?.[1];
    const namespace = /"namespace": "([^"]+)"/.exec(preview)?.[1];
    assert.ok(uid && name && namespace, 'the LIST preview shows a pod');
    for (const text of [uid, `${namespace}/${name}`]) {
      await lookup(text);
      await waitUntil(async () => (await page.getByTestId('owner-lookup-result').getAttribute('data-kind')) === 'pod');
      assert.equal(await page.getByTestId('owner-lookup-server').getAttribute('data-owners'), '2');
      assert.match((await page.getByTestId('owner-lookup-what').textContent()) ?? '', new RegExp(`${namespace}/`));
    }
    // Bad input: a clear message at the field, no crash, the rest kept.
    await lookup('   ');
    await page.getByTestId('owner-lookup-error').waitFor();
    assert.equal(await page.getByTestId('owner-lookup-result').count(), 0);
    await lookup('x'.repeat(100_001));
    assert.match((await page.getByTestId('owner-lookup-error').textContent()) ?? '', /100,000/);
    assert.equal(await page.getByTestId('replica-card').count(), 4);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('balances a namespace-keyed cluster: max/mean drops below equal ranges, and the cards accept the selectors', async () => {
    await page.getByTestId('shardKey-object.metadata.namespace').check({ force: true });
    await waitUntil(async () => ((await page.locator('[data-testid="replica-card"] [data-testid="selector-canonical"]').first().textContent()) ?? '').includes('namespace'));
    await page.getByTestId('your-cluster-tab-balance').click();
    await page.getByTestId('balance-ranges').click();
    await page.getByTestId('balance-result').waitFor();
    const equal = Number(await page.getByTestId('balance-imbalance-equal').getAttribute('data-value'));
    const balanced = Number(await page.getByTestId('balance-imbalance-balanced').getAttribute('data-value'));
    assert.ok(balanced < equal, `balanced ${balanced} < equal ${equal}`);
    assert.ok(balanced >= 1);
    const selectors = ((await page.getByTestId('balance-selectors').textContent()) ?? '').split('\n');
    assert.equal(selectors.length, 4);
    for (const s of selectors) assert.match(s, /^shardRange\(object\.metadata\.namespace, '0x[0-9a-f]{16}', '0x(?:[0-9a-f]{16}|10000000000000000)'\)$/);
    await page.getByTestId('balance-apply').click();
    await page.getByTestId('balance-applied').waitFor();
    await waitUntil(async () => {
      const shown = await page.locator('[data-testid="replica-card"] [data-testid="selector-canonical"]').allTextContents();
      return shown.map((x) => x.trim()).join('\n') === selectors.join('\n');
    });
    assert.equal(await page.getByTestId('rejection-message').count(), 0);
    assert.equal(await page.getByTestId('selector-valid').count(), 4);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('shows the snippets for the layout on screen, kubectl as the cards send it, and Copy copies', async () => {
    await page.getByTestId('your-cluster-tab-code').click();
    const cards = await page.locator('[data-testid="replica-card"] [data-testid="selector-canonical"]').allTextContents();
    const informer = (await page.getByTestId('snippet-informer').getByTestId('snippet-code').textContent()) ?? '';
    for (const sel of cards) assert.ok(informer.includes(JSON.stringify(sel.trim())), `the informer snippet holds ${sel}`);
    assert.match((await page.getByTestId('snippet-statefulset').getByTestId('snippet-code').textContent()) ?? '', /replicas: 4\n/);
    // kubectl for replica 1: the shardSelector its card's request carries.
    await page.getByTestId('snippet-replica').selectOption('1');
    const kubectl = (await page.getByTestId('snippet-kubectl').getByTestId('snippet-code').textContent()) ?? '';
    const cardUrl = ((await page.locator('[data-testid="replica-card"][data-replica="1"]').getByTestId('request-url').textContent()) ?? '').replace(/^GET\s+/, '').trim();
    const param = (u: string) => new URL(u, 'https://x').searchParams.get('shardSelector');
    const urls = [...kubectl.matchAll(/kubectl get --raw '([^']+)'/g)].map((m) => m[1]!);
    assert.equal(urls.length, 3);
    for (const u of urls) {
      assert.ok(u.startsWith('/api/v1/pods?'));
      assert.equal(param(u), param(cardUrl));
    }
    assert.match(urls[0]!, /^\/api\/v1\/pods\?limit=500&resourceVersion=0&shardSelector=shardRange%28object\.metadata\.uid%2C\+%270x4000000000000000%27%2C\+%270x8000000000000000%27%29$/);
    // Copy.
    const split = page.getByTestId('snippet-split');
    await split.getByTestId('snippet-copy').click();
    await waitUntil(async () => (await page.evaluate(() => (window as unknown as { copied?: string }).copied ?? '')) !== '');
    const copied = await page.evaluate(() => (window as unknown as { copied?: string }).copied ?? '');
    assert.equal(copied, await split.getByTestId('snippet-code').textContent());
    assert.match(copied, /flag\.Uint64\("n", 4,/);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('has no serious or critical accessibility violation in any tab, light or dark (axe-core)', async () => {
    await lookup('kube-system');
    await page.getByTestId('owner-lookup-result').waitFor();
    for (const tab of ['lookup', 'balance', 'code']) {
      await page.getByTestId(`your-cluster-tab-${tab}`).click();
      if (tab === 'balance') {
        await page.getByTestId('balance-ranges').click();
        await page.getByTestId('balance-result').waitFor();
      }
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        const result = await new AxeBuilder({ page }).include('[data-testid="your-cluster"]').analyze();
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        assert.deepEqual(bad.map((v) => `${tab}, ${theme}: ${v.id}: ${v.nodes.length} node(s): ${v.nodes[0]?.target}`), []);
      }
    }
  });
});
