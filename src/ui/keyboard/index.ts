export { blankKeyFor, storyKeyFor, useGlobalShortcuts } from './keyboard';
