export { BaseNotice } from './BaseNotice';
export { ExportButtons } from './ExportButtons';
export { makeQr, paintQr } from './QrButton';
export { ForeignBaseAsk } from './ForeignBase';
export { currentBase, linkBase, shareLink, type ResolvedBase } from './publicBase';
export { ShareMenu } from './ShareMenu';
export { registerVectorDots } from './vectorDots';
export type { VectorDots } from './vectorDots';
