/**
 * Query-string encoding as client-go does it. Dependency-free, so the page can build request
 * URLs without loading the model.
 */

const UNRESERVED = /[A-Za-z0-9\-_.~]/;
const utf8 = new TextEncoder();

/**
 * Go's `url.QueryEscape`, which client-go applies (through `url.Values.Encode`) to every query
 * parameter: unreserved characters stay, a space becomes `+`, every other UTF-8 byte becomes
 * `%XX` with uppercase hex. So `'`, `(`, `)` and `,` are escaped, unlike `encodeURIComponent`.
 */
export function goQueryEscape(value: string): string {
  let out = '';
  for (const ch of value) {
    if (ch === ' ') out += '+';
    else if (ch.length === 1 && UNRESERVED.test(ch)) out += ch;
    else for (const b of utf8.encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
