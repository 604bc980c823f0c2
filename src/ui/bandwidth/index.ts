export { Audit, BandwidthPanel, Headline, MemoryFigures } from './BandwidthPanel';
export { HandoffReport } from './Handoff';
export { verdictWords } from './headline';
