export { BaseNotice } from './BaseNotice';
export { ExportButtons } from './ExportButtons';
export { currentBase, shareLink } from './publicBase';
export { ShareMenu } from './ShareMenu';
export { registerVectorDots } from './vectorDots';
export type { VectorDots } from './vectorDots';
