// One Chromium for every browser suite of a run (`e2e/run.mjs` starts it): prints its
// WebSocket endpoint on the first line of stdout, then serves until stdin closes. Each suite
// connects to it (`launch()` in ./browser.ts, when SHARDSCOPE_CHROMIUM_WS is set) instead of
// starting a browser of its own: about 50 launches of a second each saved per run, and every
// suite still gets contexts of its own (a fresh, empty profile per context).
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
process.stdout.write(`${server.wsEndpoint()}\n`);
const stop = () => {
  void server.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
