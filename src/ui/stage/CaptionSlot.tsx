import { selectStoryActive, useShardScope } from '../../state';
import { StoryCaption } from '../stories';

/**
 * Where a story's caption bar goes: under the header, above the stage, in presentation mode
 * and on the normal page alike. It takes room only while a story runs; the
 * presentation stage is a flex column, so the hash space and the charts shrink to make room
 * for it and still fit the screen. On the normal page the caption bar sticks under the header
 * instead (App renders it there).
 */
export function CaptionSlot() {
  const active = useShardScope(selectStoryActive);
  if (!active) return null;
  return (
    <div className="caption-slot" data-testid="caption-slot">
      <StoryCaption />
    </div>
  );
}
