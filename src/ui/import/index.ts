export { ImportButton, ImportDialog, ImportStatus } from './ImportDialog';
export { ReplayCardLine } from './ReplayCardLine';
export { ReplayPanel } from './ReplayPanel';
