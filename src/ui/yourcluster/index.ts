export { setYourClusterOpen } from './marker';
export { YourClusterButton, YourClusterPanel } from './YourClusterPanel';
