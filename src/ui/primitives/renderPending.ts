/**
 * What a picture of the page waits for before it is taken (a video frame, a slide). Panels that
 * show the model in a deferred render (`useDeferredValue`) or paint it in an animation frame
 * say so in the DOM while what they show is behind the store:
 * - a deferred render marks its element with `data-render-pending` while the value it shows is
 *   not yet the live one (React commits the old value first, the new one in a background render
 *   that a busy machine may spread over several frames);
 * - a canvas painted in an animation frame carries `data-paint-key` (what it is asked to show)
 *   and `data-painted-key` (what it last finished painting).
 * A quiet spell of frames is not enough on a loaded machine: a background render in progress
 * changes nothing in the DOM until it commits.
 */

/** The attribute a deferred render sets while it shows an older value than the store's. */
export const RENDER_PENDING_ATTR = 'data-render-pending';

/** Props for the element of a deferred render: marked while `shown` is not `live` (by identity). */
export function pendingProps(live: unknown, shown: unknown): { readonly [RENDER_PENDING_ATTR]?: 'true' } {
  return live === shown ? {} : { [RENDER_PENDING_ATTR]: 'true' };
}

/** What is still on its way in `root`: deferred renders behind the store and canvases not yet painted. */
export function renderPending(root: ParentNode): number {
  let n = root.querySelectorAll(`[${RENDER_PENDING_ATTR}]`).length;
  for (const c of Array.from(root.querySelectorAll('canvas[data-paint-key]'))) {
    if (c.getAttribute('data-paint-key') !== c.getAttribute('data-painted-key')) n++;
  }
  return n;
}
