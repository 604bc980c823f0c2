import { CharStream, Token as AntlrToken } from 'antlr4ng';
import { describe, expect, it } from 'vitest';
import selectorFixtures from '../../../../tests/fixtures/selector-cases-celgo.json';
import syntaxFixtures from '../../../../tests/fixtures/syntax-errors-celgo.json';
import { corpus } from '../../../../tests/support/celCorpus';
import { mulberry32 } from '../../../../tests/support/mulberry32';
import { CELLexer } from './generated/CELLexer';
import { lex, lexErrorText } from './lexer';
import { toWellFormed } from './source';

/**
 * Our lexer against ANTLR's own: the lexer antlr-ng generates from `grammar/CEL.g4`, run by
 * antlr4ng. cel-go's parser reads the tokens of its generated lexer, and ours hands the same
 * tokens to the parser generated from the same grammar, so the two must cut every input into
 * the same tokens, up to and including where the first token recognition error starts and
 * what text it quotes. The test is the only user of the generated lexer.
 */

class LexingStopped {
  constructor(
    readonly start: number,
    readonly failAt: number,
  ) {}
}

/** ANTLR's lexer, stopping at its first error (from the token's start through the failing character). */
class FirstErrorLexer extends CELLexer {
  override notifyListeners(): void {
    throw new LexingStopped(this.tokenStartCharIndex, this.inputStream.index);
  }
}

interface Lexed {
  readonly tokens: string[];
  readonly error: string | null;
}

/** UTF-16 offset of each code point index of `s`. */
function utf16Offsets(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i += s.codePointAt(i)! > 0xffff ? 2 : 1) out.push(i);
  out.push(s.length);
  return out;
}

function antlrLexed(src: string): Lexed {
  const at = utf16Offsets(src);
  const lexer = new FirstErrorLexer(CharStream.fromString(src));
  const tokens: string[] = [];
  try {
    for (;;) {
      const t = lexer.nextToken();
      if (t.channel !== AntlrToken.DEFAULT_CHANNEL) continue;
      const kind = t.type === AntlrToken.EOF ? 'EOF' : CELLexer.symbolicNames[t.type]!;
      tokens.push(`${kind}@${at[t.start]}-${at[t.stop + 1]}`);
      if (t.type === AntlrToken.EOF) return { tokens, error: null };
    }
  } catch (e) {
    if (!(e instanceof LexingStopped)) throw e;
    const end = Math.min(e.failAt + 1, at.length - 1);
    return { tokens, error: `${at[e.start]}:${src.slice(at[e.start], at[end])}` };
  }
}

function ourLexed(src: string): Lexed {
  const { tokens, error } = lex(src);
  // Before an error the tokens end with a stand-in EOF where the failed token starts.
  const shown = error === undefined ? tokens : tokens.slice(0, -1);
  return { tokens: shown.map((t) => `${t.kind}@${t.start}-${t.end}`), error: error === undefined ? null : `${error.start}:${lexErrorText(src, error)}` };
}

/** Inputs with one character inserted, deleted or cut off, from a fixed seed. */
function mutations(inputs: readonly string[], count: number): string[] {
  const rand = mulberry32(5866);
  const CHARS = ['"', "'", '`', '\\', '|', '&', '=', '#', '.', '0', 'x', 'e', 'u', 'r', 'b', '/', '\n', '\r', ' ', 'é', '😀', '\u00a0', '"""', "'''"];
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const s = inputs[Math.floor(rand() * inputs.length)]!;
    const at = Math.floor(rand() * (s.length + 1));
    const c = CHARS[Math.floor(rand() * CHARS.length)]!;
    const op = Math.floor(rand() * 3);
    out.push(toWellFormed(op === 0 ? s.slice(0, at) + c + s.slice(at) : op === 1 ? s.slice(0, at) + s.slice(at + 1) : s.slice(0, at)));
  }
  return out;
}

describe("our lexer cuts every input as ANTLR's lexer generated from CEL.g4 does", () => {
  const vectors = [...(selectorFixtures as { cases: { input: string }[] }).cases, ...(syntaxFixtures as { cases: { input: string }[] }).cases].map((c) => toWellFormed(c.input));

  it('on every selector and syntax-error vector', () => {
    const differ = vectors.filter((s) => JSON.stringify(antlrLexed(s)) !== JSON.stringify(ourLexed(s)));
    expect(differ.slice(0, 3).map((s) => ({ s, antlr: antlrLexed(s), ours: ourLexed(s) }))).toEqual([]);
  });

  it('on generated expressions and on 4,000 inputs with one character changed, token errors of every kind among them', () => {
    const { valid, broken } = corpus();
    const inputs = [...valid, ...broken, ...mutations([...vectors, ...valid], 4_000)];
    const differ = inputs.filter((s) => JSON.stringify(antlrLexed(s)) !== JSON.stringify(ourLexed(s)));
    expect(differ.slice(0, 3).map((s) => ({ s, antlr: antlrLexed(s), ours: ourLexed(s) }))).toEqual([]);
    // Not vacuous: many inputs stop at a lexer error, some of them after characters outside the BMP.
    const failing = inputs.filter((s) => ourLexed(s).error !== null);
    expect(failing.length).toBeGreaterThan(500);
    expect(failing.some((s) => /[\uD800-\uDBFF]/.test(s))).toBe(true);
  });
});
