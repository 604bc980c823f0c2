export { StoriesMenu } from './StoriesMenu';
export { StoryCaption } from './StoryCaption';
export { TalkSlideView } from './TalkSlide';
