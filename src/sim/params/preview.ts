/**
 * A value or key as a message quotes it: JSON, cut to about 80 characters.
 * Never serialises more than it shows, so a 50 MB string or a 200,000-level object costs
 * nothing and cannot overflow the stack (the walk stops once the text is long enough, and each
 * level adds a character). Control characters come out escaped, as JSON writes them, and so
 * do invisible format characters (bidi overrides, zero-width marks) and line separators, which
 * JSON leaves as they are: a quoted key cannot reorder or hide the text around it.
 */

/** The longest quoted value or key in a message. */
export const PREVIEW_MAX = 80;

/** `v` as JSON, cut to `max` characters (ending in `…` when cut); `nothing` for undefined. */
export function preview(v: unknown, max = PREVIEW_MAX): string {
  if (v === undefined) return 'nothing';
  let out = '';
  const full = () => out.length > max;
  const put = (s: string): boolean => {
    out += s;
    return !full();
  };
  const str = (x: string): string => escapeFormat(JSON.stringify(x.length > max ? x.slice(0, max + 1) : x));
  const walk = (x: unknown): boolean => {
    if (typeof x === 'string') return put(str(x));
    if (typeof x === 'number' || typeof x === 'boolean' || x === null) return put(JSON.stringify(x) ?? 'null');
    if (typeof x === 'bigint') return put(String(x));
    if (typeof x !== 'object') return put('null');
    if (Array.isArray(x)) {
      if (!put('[')) return false;
      for (let i = 0; i < x.length; i++) if ((i > 0 && !put(',')) || !walk(x[i])) return false;
      return put(']');
    }
    if (!put('{')) return false;
    let first = true;
    for (const k in x) {
      if (!Object.prototype.hasOwnProperty.call(x, k)) continue;
      if ((!first && !put(',')) || !put(`${str(k)}:`) || !walk((x as Record<string, unknown>)[k])) return false;
      first = false;
    }
    return put('}');
  };
  walk(v);
  return full() ? `${out.slice(0, max - 1)}…` : out;
}

/** A key of a JSON path: `.name` when it is a plain name, else `["…"]` quoted and cut short. */
export function pathKey(k: string, max = PREVIEW_MAX): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) && k.length <= max ? `.${k}` : `[${preview(k, max)}]`;
}

/** JSON text with format characters (bidi controls, zero-width marks) and U+2028/U+2029 as `\uXXXX`. */
function escapeFormat(json: string): string {
  return json.replace(/[\p{Cf}\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
