export { PresenterStage } from './PresenterStage';
export { Spotlight } from './Spotlight';
export { StageTools } from './StageTools';
export { BlankScreen, useStageChrome } from './StageScreen';
