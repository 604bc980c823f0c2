export { EventFlow } from './EventFlow';
