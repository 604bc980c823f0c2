export { storyKeyFor, useGlobalShortcuts } from './keyboard';
