export { PresenterStage } from './PresenterStage';
export { Spotlight } from './Spotlight';
export { StageTools } from './StageTools';
