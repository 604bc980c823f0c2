export { Embed } from './Embed';
