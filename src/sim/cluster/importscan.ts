/**
 * A streaming, validating JSON scanner for kubectl output that is too large to hold as one
 * value: it is fed text in chunks of any size, checks every character against the JSON grammar
 * (an error says line, column and what was expected, like `importjson.ts`), and hands out only
 * the values an import needs, one at a time, so memory grows with one object, not the file:
 *
 * - each item of a top-level `List` / `*List` (`{"items": [ … ]}`) or of a top-level array;
 * - every other top-level value whole (a watch event `{"type", "object"}` or a bare object),
 *   with the span of its `object` member when it has one.
 *
 * Several top-level values may follow one another (concatenated pages, a captured watch
 * stream). Each handed-out value comes with the UTF-8 byte length of its text in the file.
 * Pure: no DOM, runs under Node.
 */
import { JsonSyntaxError, type JsonValue } from './importjson';

/** A value the scanner hands out. */
export interface ScannedValue {
  /** 'item': an element of a top-level list's `items` (or of a top-level array); 'top': a whole top-level value. */
  readonly at: 'item' | 'top';
  readonly value: JsonValue;
  /** UTF-8 bytes of the value's text in the file (of its `object` member for a watch event). */
  readonly fileBytes: number;
  /** UTF-8 bytes of the whole value's text (a watch event's, envelope included). */
  readonly valueBytes: number;
  /** Which top-level value it came from (0-based). */
  readonly top: number;
  /** For an item: true when the top-level value is an array, not a list object. */
  readonly array: boolean;
  /** Where it starts (1-based). */
  readonly line: number;
  readonly column: number;
}

/** A top-level list, told when it ends: its kind (`List`, `PodList`, ... or '' for an array) and how many items it held. */
export interface ScannedList {
  readonly top: number;
  readonly array: boolean;
  readonly kind: string;
  readonly items: number;
}

export interface ScanSink {
  value(v: ScannedValue): void;
  listEnd(l: ScannedList): void;
}

// States.
const VALUE = 0; // a value is expected (or ']' right after '[')
const AFTER = 1; // after a value inside a container: ',' or the closing bracket
const KEY = 2; // a key is expected (or '}' right after '{')
const COLON = 3;
const STR = 4;
const ESC = 5;
const HEX = 6;
const NUM = 7;
const LIT = 8;

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const MAX_DEPTH = 512;

interface Frame {
  readonly obj: boolean;
  /** The current key (kept for the top-level object only). */
  key: string;
  first: boolean;
}

/** UTF-8 byte length of a string (surrogate pairs count 4). */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}

/** The text around an error: up to two lines before it, and a window of its own line with the error at `caret`. */
export interface ErrorContext {
  readonly before: readonly string[];
  readonly line: string;
  /** 0-based index in `line` of the failing character. */
  readonly caret: number;
  /** 1-based column of the failing character in the file's line. */
  readonly column: number;
}

const clip = (l: string): string => (l.length > 120 ? `${l.slice(0, 120)}…` : l);

/** The context of offset `pos` in `text`, whose column in the file is `column`. */
export function contextAround(text: string, pos: number, column: number): ErrorContext {
  const lineFrom = text.lastIndexOf('\n', pos - 1) + 1;
  const stop = text.indexOf('\n', pos);
  const lineTo = stop < 0 ? text.length : stop;
  const from = Math.max(lineFrom, pos - 60);
  const to = Math.min(lineTo, pos + 60);
  const line = (from > lineFrom ? '…' : '') + text.slice(from, to).replace(/\r$/, '') + (to < lineTo ? '…' : '');
  const caret = pos - from + (from > lineFrom ? 1 : 0);
  const before = lineFrom > 0 ? text.slice(Math.max(0, lineFrom - 1000), lineFrom - 1).split('\n').slice(-2).map((l) => clip(l.replace(/\r$/, ''))) : [];
  return { before, line, caret, column };
}

export class JsonStreamScanner {
  private st = VALUE;
  private readonly stack: Frame[] = [];
  private line = 1;
  /** Offset (in chars since the start) of the current line's first char. */
  private lineStart = 0;
  /** Offset of the current chunk's first char. */
  private base = 0;
  private hexLeft = 0;
  private strKeep = false;
  private strIsKey = false;
  private strBuf = '';
  private tok = '';
  private tokAt = 0;
  // The value being captured, across chunks.
  private capDepth = -1;
  private capParts: string[] = [];
  private capLen = 0;
  private capFrom = 0;
  private capLine = 0;
  private capColumn = 0;
  // The top-level value.
  private top = -1;
  private topList = false;
  private arrayTop = false;
  private topKind = '';
  private topItems = 0;
  private objStart = -1;
  private objEnd = -1;
  /** The end of the previous chunk, to show the text around an error that starts there. */
  private tail = '';
  private chunk = '';
  private started = false;
  /** Top-level values seen so far. */
  get values(): number {
    return this.top + 1;
  }

  constructor(private readonly sink: ScanSink) {}

  /** The lines up to and including the one where the scan failed (at most three), and the failing column. */
  lastContext: ErrorContext | null = null;

  private fail(at: number, expected: string, eof = false): never {
    const column = this.base + at - this.lineStart + 1;
    const text = this.tail + this.chunk;
    const pos = eof ? text.length : this.tail.length + at;
    this.lastContext = contextAround(text, pos, column);
    throw new JsonSyntaxError(this.line, column, eof ? `${expected}, found the end of the file` : expected);
  }

  private capPos(i: number): number {
    return this.capLen + i - this.capFrom;
  }

  private startValue(i: number, c: number): void {
    const depth = this.stack.length;
    if (depth === 0) {
      this.top++;
      this.topList = false;
      this.arrayTop = c === 91;
      this.topKind = '';
      this.topItems = 0;
      this.objStart = -1;
      this.objEnd = -1;
      this.beginCapture(i, 0);
    } else if (depth === 1 && this.capDepth === 0) {
      const key = this.stack[0]!.key;
      if (this.stack[0]!.obj && key === 'items' && c === 91) {
        // A list: stop holding the whole value, hand out its items one by one.
        this.topList = true;
        this.capDepth = -1;
        this.capParts = [];
      } else if (!this.stack[0]!.obj && c !== 0) {
        // A top-level array: its elements are the items.
        if (!this.topList) {
          this.topList = true;
          this.capDepth = -1;
          this.capParts = [];
        }
      } else if (key === 'object') this.objStart = this.capPos(i);
    }
    if (this.topList && this.capDepth < 0) {
      const inItems = this.stack[0]!.obj ? depth === 2 && this.stack[0]!.key === 'items' && this.stack[1]?.obj === false : depth === 1;
      if (inItems) this.beginCapture(i, depth);
    }
  }

  private beginCapture(i: number, depth: number): void {
    this.capDepth = depth;
    this.capParts = [];
    this.capLen = 0;
    this.capFrom = i;
    this.capLine = this.line;
    this.capColumn = this.base + i - this.lineStart + 1;
  }

  /** A value ended just before chunk index `end` (exclusive). */
  private endValue(end: number): void {
    const depth = this.stack.length;
    if (depth === 1 && this.capDepth === 0 && this.stack[0]!.key === 'object') this.objEnd = this.capPos(end);
    if (this.capDepth === depth && this.capDepth >= 0) {
      this.capParts.push(this.chunk.slice(this.capFrom, end));
      const text = this.capParts.length === 1 ? this.capParts[0]! : this.capParts.join('');
      this.capParts = [];
      this.capDepth = -1;
      // Already checked character by character: the native parser is only faster.
      const value = JSON.parse(text) as JsonValue;
      const span = depth === 0 && this.objStart >= 0 && this.objEnd > this.objStart ? text.slice(this.objStart, this.objEnd) : text;
      if (depth > 0) this.topItems++;
      const fileBytes = utf8Length(span);
      this.sink.value({ at: depth === 0 ? 'top' : 'item', value, fileBytes, valueBytes: span === text ? fileBytes : utf8Length(text), top: this.top, array: depth === 1, line: this.capLine, column: this.capColumn });
    }
    if (depth === 0 && this.topList) this.sink.listEnd({ top: this.top, array: this.topKind === '' && this.arrayTop, kind: this.topKind, items: this.topItems });
    this.st = depth === 0 ? VALUE : AFTER;
  }

  /** Feeds the next chunk of text. Throws {@link JsonSyntaxError} where the text stops being JSON. */
  push(chunk: string): void {
    this.chunk = chunk;
    let i = 0;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1; // a byte-order mark some editors write
    }
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10) {
        // Newlines are whitespace or a control character in a string; counted here once.
        if (this.st === STR || this.st === ESC || this.st === HEX) this.fail(i, 'no control character inside a string');
        if (this.st === NUM || this.st === LIT) this.endToken(i);
        if (this.st === COLON || this.st === VALUE || this.st === AFTER || this.st === KEY) {
          this.line++;
          this.lineStart = this.base + i + 1;
          continue;
        }
      }
      switch (this.st) {
        case STR:
          if (c === 34) {
            this.st = VALUE;
            if (this.strIsKey) {
              this.stack[this.stack.length - 1]!.key = this.strKeep ? this.strBuf : '';
              this.st = COLON;
            } else {
              if (this.strKeep) this.topKind = this.strBuf;
              this.endValue(i + 1);
            }
          } else if (c === 92) this.st = ESC;
          else if (c < 32) this.fail(i, 'no control character inside a string');
          else if (this.strKeep && this.strBuf.length < 256) this.strBuf += chunk[i]!;
          continue;
        case ESC:
          if (c === 117) {
            this.st = HEX;
            this.hexLeft = 4;
          } else if (c === 34 || c === 92 || c === 47 || c === 98 || c === 102 || c === 110 || c === 114 || c === 116) this.st = STR;
          else this.fail(i, 'an escape (one of " \\ / b f n r t u)');
          continue;
        case HEX:
          if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) this.fail(i, 'four hex digits after \\u');
          if (--this.hexLeft === 0) this.st = STR;
          continue;
        case NUM:
          if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 69 || c === 101) {
            this.tok += chunk[i]!;
            continue;
          }
          this.endToken(i);
          break;
        case LIT:
          if (c >= 97 && c <= 122 && this.tok.length < 5) {
            this.tok += chunk[i]!;
            continue;
          }
          this.endToken(i);
          break;
      }
      // Structural states (NUM and LIT fall through here with the delimiter).
      if (c === 32 || c === 9 || c === 13) continue;
      switch (this.st) {
        case VALUE: {
          const frame = this.stack[this.stack.length - 1];
          if (c === 93 && frame && !frame.obj && frame.first) {
            this.stack.pop();
            this.endValue(i + 1);
            continue;
          }
          if (frame) frame.first = false;
          this.startValue(i, c === 93 ? 0 : c);
          if (c === 123 || c === 91) {
            if (this.stack.length >= MAX_DEPTH) this.fail(i, `nesting at most ${MAX_DEPTH} deep`);
            this.stack.push({ obj: c === 123, key: '', first: true });
            this.st = c === 123 ? KEY : VALUE;
          } else if (c === 34) {
            this.st = STR;
            this.strIsKey = false;
            this.strKeep = this.stack.length === 1 && this.stack[0]!.obj && this.stack[0]!.key === 'kind';
            this.strBuf = '';
          } else if (c === 45 || (c >= 48 && c <= 57)) {
            this.st = NUM;
            this.tok = chunk[i]!;
            this.tokAt = i;
          } else if (c === 116 || c === 102 || c === 110) {
            this.st = LIT;
            this.tok = chunk[i]!;
            this.tokAt = i;
          } else {
            if (this.stack.length === 0) this.top--;
            this.fail(i, 'a value (an object, array, string, number, true, false or null)');
          }
          continue;
        }
        case KEY: {
          const frame = this.stack[this.stack.length - 1]!;
          if (c === 125 && frame.first) {
            this.stack.pop();
            this.endValue(i + 1);
          } else if (c === 34) {
            frame.first = false;
            this.st = STR;
            this.strIsKey = true;
            this.strKeep = this.stack.length === 1;
            this.strBuf = '';
          } else this.fail(i, 'a key in double quotes');
          continue;
        }
        case COLON:
          if (c !== 58) this.fail(i, "':' after the key");
          this.st = VALUE;
          continue;
        case AFTER: {
          const frame = this.stack[this.stack.length - 1]!;
          if (c === 44) this.st = frame.obj ? KEY : VALUE;
          else if (c === (frame.obj ? 125 : 93)) {
            this.stack.pop();
            this.endValue(i + 1);
          } else this.fail(i, frame.obj ? "',' or '}'" : "',' or ']'");
          continue;
        }
      }
    }
    if (this.capDepth >= 0) {
      this.capParts.push(chunk.slice(this.capFrom));
      this.capLen += n - this.capFrom;
      this.capFrom = 0;
    }
    this.tail = chunk.slice(Math.max(0, n - 400));
    this.base += n;
    this.chunk = '';
  }

  /** A number or literal ended at chunk index `i` (exclusive). */
  private endToken(i: number): void {
    const ok = this.st === NUM ? NUMBER.test(this.tok) : this.tok === 'true' || this.tok === 'false' || this.tok === 'null';
    if (!ok) this.fail(this.tokAt >= 0 ? this.tokAt : 0, this.st === NUM ? 'a number' : 'a value (an object, array, string, number, true, false or null)');
    this.endValue(i);
  }

  /** The text ended. Throws {@link JsonSyntaxError} if it stopped inside a value. */
  end(): void {
    this.chunk = '';
    this.tokAt = -1;
    if (this.st === NUM || this.st === LIT) {
      const ok = this.st === NUM ? NUMBER.test(this.tok) : this.tok === 'true' || this.tok === 'false' || this.tok === 'null';
      if (!ok) this.fail(0, 'a value', true);
      if (this.stack.length === 0) {
        this.endValue(0);
        return;
      }
      this.st = AFTER;
    }
    if (this.stack.length === 0 && this.st === VALUE) {
      if (this.top < 0) this.fail(0, 'a value (an object, array, string, number, true, false or null)', true);
      return;
    }
    const frame = this.stack[this.stack.length - 1];
    const expected =
      this.st === STR || this.st === ESC || this.st === HEX
        ? 'a closing quote (")'
        : this.st === KEY
          ? 'a key in double quotes'
          : this.st === COLON
            ? "':' after the key"
            : this.st === AFTER
              ? frame?.obj
                ? "',' or '}'"
                : "',' or ']'"
              : 'a value (an object, array, string, number, true, false or null)';
    this.fail(0, expected, true);
  }
}
