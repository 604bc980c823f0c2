export { BaseNotice } from './BaseNotice';
export { ExportButtons } from './ExportButtons';
export { makeQr, paintQr } from './QrButton';
export { currentBase, shareLink } from './publicBase';
export { ShareMenu } from './ShareMenu';
export { registerVectorDots } from './vectorDots';
export type { VectorDots } from './vectorDots';
