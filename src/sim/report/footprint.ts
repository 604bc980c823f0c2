/**
 * The model's memory as the typed arrays it holds: walks an object graph (own properties,
 * arrays, maps, sets) and sums the byte length of every distinct ArrayBuffer reached. The
 * model keeps its bulk (per-object and per-slot data) in typed arrays, so this is the figure
 * that grows when memory follows objects ever created instead of live ones.
 */

/** Sum of the byte lengths of the distinct ArrayBuffers reachable from `root`. */
export function typedArrayBytes(root: unknown): number {
  const seen = new Set<object>();
  const buffers = new Set<ArrayBufferLike>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      buffers.add(v.buffer);
      continue;
    }
    if (v instanceof ArrayBuffer) {
      buffers.add(v);
      continue;
    }
    if (v instanceof Map) {
      for (const [k, x] of v) stack.push(k, x);
      continue;
    }
    if (v instanceof Set) {
      for (const x of v) stack.push(x);
      continue;
    }
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  let total = 0;
  for (const b of buffers) total += b.byteLength;
  return total;
}
