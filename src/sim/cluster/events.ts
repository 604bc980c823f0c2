/**
 * Watch event codes and the batch the event source fills each tick. Events are numbers in
 * typed arrays (type, old slot, new slot, resourceVersion), never objects: a million of them
 * must fan out to every watcher in well under a second.
 */

export const EV_ADDED = 0;
export const EV_MODIFIED = 1;
export const EV_DELETED = 2;
export const EV_BOOKMARK = 3;
/** "Not sent" (filtered out by the API server). */
export const EV_NONE = -1;

/** Event type code to its wire name. */
export const EVENT_TYPE_NAMES: readonly WatchEventType[] = ['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK'];

/** No object (a BOOKMARK). */
export const NO_SLOT = 0xffffffff;

/**
 * A growable batch of events. For MODIFIED, `oldSlot` holds the object before the write and
 * `newSlot` after it; the model keeps one slot per object, so both are the same slot unless a
 * test builds a transition by hand. ADDED uses `newSlot`, DELETED `oldSlot` (the deleted
 * object's last state), BOOKMARK neither.
 */
export class EventBatch {
  length = 0;
  type = new Uint8Array(1024);
  oldSlot = new Uint32Array(1024);
  newSlot = new Uint32Array(1024);
  rv = new Float64Array(1024);

  clear(): void {
    this.length = 0;
  }

  push(type: number, oldSlot: number, newSlot: number, rv: number): void {
    if (this.length === this.type.length) this.grow();
    const i = this.length++;
    this.type[i] = type;
    this.oldSlot[i] = oldSlot;
    this.newSlot[i] = newSlot;
    this.rv[i] = rv;
  }

  private grow(): void {
    const n = this.type.length * 2;
    const t = new Uint8Array(n);
    t.set(this.type);
    this.type = t;
    const o = new Uint32Array(n);
    o.set(this.oldSlot);
    this.oldSlot = o;
    const w = new Uint32Array(n);
    w.set(this.newSlot);
    this.newSlot = w;
    const r = new Float64Array(n);
    r.set(this.rv);
    this.rv = r;
  }
}

/** Watch event types. `BOOKMARK` carries only a resourceVersion. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';
