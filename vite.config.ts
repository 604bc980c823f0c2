/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

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
//   that hashes a million uids at generation (src/sim/uidhashwasm.ts); no JavaScript eval.
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

// `base: './'` makes every asset URL relative, so the built site works from any sub-path
// (GitHub Pages, an intranet folder, a file server) without a rebuild.
export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
  },
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'src/core/**/*.test.ts', 'src/sim/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/ui/**/*.test.{ts,tsx}', 'src/state/**/*.test.{ts,tsx}', 'tests/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
    ],
  },
});
