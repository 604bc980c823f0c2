import type { MessageId } from '../../i18n/en';

/**
 * The README's screenshots and the catalogue message that captions each. README.md
 * shows each with the `en` text as its alt text; README.zh-CN.md with the `zh-CN` text, as alt
 * text and as a caption line under the image. This table is the only place that pairs a file
 * with its caption; `readme-captions.test.ts` checks both READMEs against it.
 */
export interface DocShot {
  /** Path from the repository root, as the READMEs link it. */
  readonly file: `docs/${string}.png`;
  readonly key: Extract<MessageId, `docs.shot.${string}`>;
}

/** In the order README.zh-CN.md shows them (the Chinese screenshot first). */
export const DOC_SHOTS: readonly DocShot[] = [
  { file: 'docs/zh-CN-1280x720.png', key: 'docs.shot.zhCN' },
  { file: 'docs/screenshot-1280x720.png', key: 'docs.shot.overview' },
  { file: 'docs/headline-failure.png', key: 'docs.shot.headlineFailure' },
  { file: 'docs/memory-client-styles.png', key: 'docs.shot.memory' },
  { file: 'docs/list-preview-gate-off.png', key: 'docs.shot.listPreviewGateOff' },
  { file: 'docs/reshard-handoff.png', key: 'docs.shot.reshardHandoff' },
  { file: 'docs/timeline-reach.png', key: 'docs.shot.timelineReach' },
  { file: 'docs/presentation-1280x720.png', key: 'docs.shot.presentation' },
  { file: 'docs/presentation-1920x1080.png', key: 'docs.shot.presentation1920' },
  { file: 'docs/presentation-150.png', key: 'docs.shot.presentation150' },
  { file: 'docs/focus-cards-1280x720.png', key: 'docs.shot.focusCards' },
  { file: 'docs/focus-cards-150.png', key: 'docs.shot.focusCards150' },
  { file: 'docs/focus-relists-1280x720.png', key: 'docs.shot.focusRelists' },
  { file: 'docs/story-step.png', key: 'docs.shot.storyStep' },
  { file: 'docs/lab-1280x720.png', key: 'docs.shot.lab' },
  { file: 'docs/presenter-1280x720.png', key: 'docs.shot.presenter' },
  { file: 'docs/deck-step-1920x1080.png', key: 'docs.shot.deckStep' },
  { file: 'docs/video-frame-1920x1080.png', key: 'docs.shot.video' },
  { file: 'docs/embed-1280x720.png', key: 'docs.shot.embed' },
];
