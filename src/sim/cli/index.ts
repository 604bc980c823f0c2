/**
 * The command line (`npm run sim`) and its text in English and Chinese.
 *
 * This file is the room's only door: code outside `src/sim/cli` imports from here.
 */
export { runCli } from './cli';
export { parseArgs, scenarioOf } from './flags';
export { displayWidth, ZH_CACHE_STYLES, ZH_CLIENTS, ZH_ROLLOUTS, ZH_STRATEGIES } from './text';
