export { StoriesMenu } from './StoriesMenu';
export { StoryCaption } from './StoryCaption';
