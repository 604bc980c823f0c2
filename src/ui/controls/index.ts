export { ControlPanel } from './ControlPanel';
export { LifecycleSummary } from './LifecycleSummary';
