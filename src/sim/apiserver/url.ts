/**
 * Query-string encoding as client-go does it. Dependency-free, so the page can build request
 * URLs without loading the model.
 */

// encodeURIComponent leaves these five unescaped; Go's QueryEscape escapes them.
const EXTRA: Readonly<Record<string, string>> = { '!': '%21', "'": '%27', '(': '%28', ')': '%29', '*': '%2A' };
const EXTRA_OR_SPACE = /[!'()*]|%20/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Go's `url.QueryEscape`, which client-go applies (through `url.Values.Encode`) to every query
 * parameter: unreserved characters stay, a space becomes `+`, every other UTF-8 byte becomes
 * `%XX` with uppercase hex. So `'`, `(`, `)` and `,` are escaped, unlike `encodeURIComponent`.
 *
 * One pass of the engine's own escaper plus one fix-up pass, both linear: a selector of
 * 100,000 characters takes about a millisecond, where escaping character by character took
 * tens. A lone surrogate (which no Go string can hold) is encoded as U+FFFD, as UTF-8
 * encoders do.
 */
export function goQueryEscape(value: string): string {
  let escaped: string;
  try {
    escaped = encodeURIComponent(value);
  } catch {
    escaped = encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
  }
  // Every `%` in `escaped` starts a `%XX` triple, so `%20` can only be an escaped space.
  return escaped.replace(EXTRA_OR_SPACE, (m) => EXTRA[m] ?? '+');
}
