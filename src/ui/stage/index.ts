export { CaptionSlot } from './CaptionSlot';
export { FocusStage, useStepShow } from './FocusStage';
export { Summary } from './Summary';
