/**
 * A strict JSON reader that says where it stopped: on malformed input it reports the line and
 * column (1-based) and what it expected there, which `JSON.parse` does not do reliably across
 * engines. It builds the same values as `JSON.parse` (plain objects, arrays, strings, numbers,
 * booleans, null). Pure: no DOM, runs under Node.
 */

/** Where and why the text is not JSON. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly expected: string,
  ) {
    super(`line ${line}, column ${column}: expected ${expected}`);
    this.name = 'JsonSyntaxError';
  }
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Line and column (1-based) of offset `at` in `text`. */
export function lineColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: at - start + 1 };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const MAX_DEPTH = 512;

/** Parses `text` as one JSON value (surrounding whitespace allowed); throws {@link JsonSyntaxError}. */
export function parseJsonLocated(text: string): JsonValue {
  let i = 0;
  const fail = (expected: string): never => {
    const { line, column } = lineColumn(text, i);
    throw new JsonSyntaxError(line, column, i >= text.length ? `${expected}, found the end of the file` : expected);
  };
  const space = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const string = (): string => {
    i++; // the opening quote
    let out = '';
    let from = i;
    for (;;) {
      if (i >= text.length) fail('a closing quote (")');
      const c = text.charCodeAt(i);
      if (c === 34) {
        out += text.slice(from, i);
        i++;
        return out;
      }
      if (c < 32) fail('no control character inside a string');
      if (c === 92) {
        out += text.slice(from, i);
        const e = text[i + 1] ?? '';
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            i += 2;
            fail('four hex digits after \\u');
          }
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e in ESCAPES) {
          out += ESCAPES[e]!;
          i += 2;
        } else {
          i++;
          fail('an escape (one of " \\ / b f n r t u)');
        }
        from = i;
        continue;
      }
      i++;
    }
  };
  const value = (depth: number): JsonValue => {
    if (depth > MAX_DEPTH) fail(`nesting at most ${MAX_DEPTH} deep`);
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: { [key: string]: JsonValue } = {};
      space();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a key in double quotes');
        const key = string();
        space();
        if (text[i] !== ':') fail("':' after the key");
        i++;
        const v = value(depth + 1);
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail("',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const arr: JsonValue[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value(depth + 1));
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail("',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m) {
      i += m[0].length;
      return Number(m[0]);
    }
    return fail('a value (an object, array, string, number, true, false or null)');
  };
  // A byte-order mark is not JSON, but editors on some systems write one.
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const v = value(0);
  space();
  if (i < text.length) fail('the end of the file after the JSON value');
  return v;
}
