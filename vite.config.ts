import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

// The built site must never reach another origin (no CDN, no analytics). A strict
// Content-Security-Policy in the shipped HTML makes the browser enforce that. Only for the
// build: the dev server injects an inline React Refresh preamble.
// Each source is there because the page needs it, and nothing more (e2e/inputs.test.ts checks
// that using the page reports no violation):
// - style-src 'self': the stylesheet is a file; React's `style` props go through the CSSOM,
//   which CSP does not restrict, and no library injects a <style> element.
// - img-src 'self': the favicon; no image is built from data: or blob: URLs (the exports are
//   text: links and request URLs copied to the clipboard).
// - worker-src 'self': the model's worker is a bundled file, never a blob.
// - script-src 'wasm-unsafe-eval': only to compile the few-hundred-byte WebAssembly module
//   that hashes a million uids at generation (src/sim/cluster/uidhashwasm.ts); no JavaScript eval.
// frame-ancestors, report-to and sandbox are ignored in a <meta> policy: a host sends them as
// HTTP headers (see the README).
const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; " +
  "worker-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'";

function contentSecurityPolicy(): Plugin {
  return {
    name: 'shardscope-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
    },
  };
}

// The single-file build (`npm run build:single`, `vite build --mode single`): one
// HTML file with every script, style and the worker inlined, for a venue without network,
// opened from disk. Its policy differs from the site's in three sources only, all scoped to
// that file: script-src and style-src allow exactly the inlined script and stylesheet (by
// their SHA-256, computed after inlining; no 'unsafe-inline'), and worker-src allows blob:,
// because a page opened from file:// cannot start a worker from another file (the worker's
// code is inlined and started from a blob: URL, as a classic worker: see `worker` below).
const SINGLE_CSP = (scripts: string[], styles: string[]) =>
  `default-src 'self'; script-src ${scripts.join(' ')} 'wasm-unsafe-eval'; style-src ${styles.join(' ')}; img-src 'self'; ` +
  "worker-src blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'";

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** After inlining: the single file's policy, hashing each inline script and style; no favicon file to load. */
function singleFilePolicy(): Plugin {
  return {
    name: 'shardscope-single-csp',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.html')) continue;
          let html = String(file.source).replace(/<link rel="icon"[^>]*>\s*/, '');
          const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]!));
          const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!));
          const meta = `<meta http-equiv="Content-Security-Policy" content="${SINGLE_CSP(scripts, styles)}">`;
          html = html.replace(/<head>/, `<head>\n    ${meta}`);
          file.source = html;
        }
      },
    },
  };
}

// Tests beside the page's code that use no DOM (no document, window, storage or rendering):
// they run in the node environment, which costs nothing to set up, where jsdom costs about a
// second per file. A test that starts using the DOM fails here and moves back.
const DOM_FREE = [
  'src/ui/bandwidth/headline.firstframe.test.ts',
  'src/ui/explain/sources.test.ts',
  'src/ui/export/qr.test.ts',
  'src/ui/export/textLines.test.ts',
  'src/ui/export/video/schedule.test.ts',
  'src/ui/export/video/webmWriter.test.ts',
  'src/ui/flow/flowLayout.test.ts',
  'src/ui/flow/flowModel.test.ts',
  'src/ui/hash/geometry.test.ts',
  'src/ui/i18n/glossary.test.ts',
  'src/ui/presenter/sync.test.ts',
  'src/ui/theme/palette.test.ts',
  'src/ui/timeline/Timeline.test.ts',
  'src/state/embedLink.test.ts',
  'src/state/importActions.test.ts',
  'src/state/lang.test.ts',
  'src/state/link.fuzz.test.ts',
  'src/state/link.lifecycle.test.ts',
  'src/state/link.schedule.test.ts',
  'src/state/link.test.ts',
  'src/state/memory.test.ts',
  'src/state/presentation.test.ts',
  'src/state/running.test.ts',
  'src/state/selectors.test.ts',
  'src/state/shortLink.test.ts',
  'src/state/store.test.ts',
  'src/state/storyLink.test.ts',
  'src/state/urlSync.test.ts',
  'src/state/validate.test.ts',
  'src/stories/controller.test.ts',
  'src/stories/countdown.test.ts',
  'src/stories/exercises/catalogue.test.ts',
  'src/stories/exercises/check.test.ts',
  'src/stories/exercises/controller.test.ts',
  'src/stories/exercises/file.test.ts',
  'src/stories/sources.test.ts',
  'src/stories/stories.test.ts',
];

const NODE_TESTS = ['tests/**/*.test.ts', 'src/facts/**/*.test.ts', 'src/core/**/*.test.ts', 'src/i18n/**/*.test.ts', 'src/sim/**/*.test.ts', ...DOM_FREE];
const DOM_TESTS = ['src/ui/**/*.test.{ts,tsx}', 'src/state/**/*.test.{ts,tsx}', 'src/stories/**/*.test.ts', 'tests/**/*.test.tsx'];
const inNode = (file: string) =>
  DOM_FREE.includes(file) || (file.endsWith('.ts') && ['tests/', 'src/facts/', 'src/core/', 'src/i18n/', 'src/sim/'].some((d) => file.startsWith(d)));

/**
 * The test files that mock a module or reset the module registry (`vi.mock`, `vi.doMock`,
 * `vi.resetModules`): in a module graph shared with other files, a mock would come too late
 * for a module already loaded, and a reset would reload the modules the next file holds.
 * Found by reading every test file, so a new one is never forgotten.
 */
const FRESH_MODULES = ['src', 'tests']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f.split('\\').join('/')}`))
  .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(f, 'utf8')))
  .sort();

// `base: './'` makes every asset URL relative, so the built site works from any sub-path
// (GitHub Pages, an intranet folder, a file server) without a rebuild.
export default defineConfig(({ mode }) => ({
  base: './',
  plugins:
    mode === 'single'
      ? [react(), viteSingleFile({ outputFileName: 'shardscope.html' }), singleFilePolicy()]
      : [react(), contentSecurityPolicy()],
  ...(mode === 'single'
    ? {
        resolve: {
          alias: [{ find: /^\.\/spawnSimWorker$/, replacement: fileURLToPath(new URL('./src/state/spawnSimWorker.inline.ts', import.meta.url)) }],
        },
        publicDir: false as const,
      }
    : {}),
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    ...(mode === 'single' ? { outDir: 'dist-single' } : {}),
  },
  // The single file's worker is a classic script: Chromium refuses a module worker from a
  // blob: URL on a page opened from file:// (a classic one starts).
  worker: { format: mode === 'single' ? ('iife' as const) : ('es' as const) },
  test: {
    // Generous per-test time-outs: a whole-app render or a 100k-object model takes 1-5 s on a
    // shared 2-core machine under load; a time-out is a hang guard, never a speed assertion.
    testTimeout: 30_000,
    // One test file per core. Vitest's default leaves one core free (numCpus - 1), which on a
    // 2-core machine runs the files one at a time: `npm test` then takes about 274 s
    // for 166 s of tests, the rest being each file's import and environment.
    maxWorkers: '100%',
    // The files of a worker share one module graph (isolate: false): each file importing the
    // model afresh was a third of `npm test`'s time. A file that mocks or resets modules needs
    // a graph of its own, and runs in a `fresh` project, file by file (FRESH_MODULES).
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', isolate: false, include: NODE_TESTS, exclude: [...configDefaults.exclude, ...FRESH_MODULES] },
      },
      {
        extends: true,
        test: { name: 'node fresh', environment: 'node', include: FRESH_MODULES.filter((f) => inNode(f)) },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          isolate: false,
          include: DOM_TESTS,
          exclude: [...configDefaults.exclude, ...DOM_FREE, ...FRESH_MODULES],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'dom fresh', environment: 'jsdom', include: FRESH_MODULES.filter((f) => !inNode(f)), setupFiles: ['tests/setup-dom.ts'] },
      },
    ],
  },
}));
