export { HashSpaceView } from './HashSpaceView';
export { setLookupMarker, useLookupMarker } from './lookupMarker';
