export { BACKGROUNDS, GAP_COLOR, REPLICA_COLOR_COUNT, canvasPalette, contrastRatio, modeColor, packRgba, replicaColor, textOn } from './palette';
export type { CanvasPalette, Theme } from './palette';
