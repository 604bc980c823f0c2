export { OwnerChangeNotice } from './OwnerChangeNotice';
export { StoriesMenu } from './StoriesMenu';
export { StoryCaption } from './StoryCaption';
