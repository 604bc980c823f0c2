import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCel } from './parse';
import { parseTokens } from './parser';
import { firstSyntaxError, loadSyntaxErrors } from './syntaxErrors';

// parseCel's answers when one of its parts misbehaves, which no input can make happen: the
// parts are wrapped so that a test can make one of them fail once.
vi.mock('./syntaxErrors', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./syntaxErrors')>();
  return { ...actual, firstSyntaxError: vi.fn(actual.firstSyntaxError) };
});
vi.mock('./parser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./parser')>();
  return { ...actual, parseTokens: vi.fn(actual.parseTokens) };
});

beforeAll(() => loadSyntaxErrors());

function failure(src: string, maxRecursionDepth?: number): { message: string; start: number; end: number; hint: string | undefined; final: boolean } {
  const r = parseCel(src, { maxRecursionDepth });
  if (r.ok) throw new Error(`${JSON.stringify(src)} parsed`);
  return { message: r.error.message, start: r.error.start, end: r.error.end, hint: r.error.hint, final: r.error.final };
}

// The fast parser finds that the text is wrong, then cel-go's parser (on ANTLR's runtime) words
// the error. Were it ever to find nothing there (the two disagreeing: a bug), the error must not
// be lost: the fast parser's own account is reported instead.
describe("when cel-go's parser finds no error where the fast parser failed", () => {
  const modelFindsNothing = (): void => void vi.mocked(firstSyntaxError).mockReturnValueOnce(null);

  it('reports the plain reading as the syntax error, on the token the fast parser stopped at', () => {
    modelFindsNothing();
    expect(failure('f(a b)')).toEqual({ message: "Syntax error: unexpected 'b' at 1:5, expected ',' or ')'", start: 4, end: 5, hint: undefined, final: true });
    modelFindsNothing();
    expect(failure('f(a,')).toEqual({ message: 'Syntax error: unexpected end of input at 1:5, expected an expression', start: 4, end: 4, hint: undefined, final: true });
  });

  it('reports a nesting the fast parser refused as the recursion limit, with no location', () => {
    modelFindsNothing();
    expect(failure('((a))', 2)).toEqual({ message: 'expression recursion limit exceeded: 2', start: -1, end: -1, hint: undefined, final: true });
  });

  it('still reports text no token rule accepts as cel-go does, with the hint', () => {
    modelFindsNothing();
    expect(failure('a | b')).toEqual({
      message: "Syntax error: token recognition error at: '| '",
      start: 2,
      end: 4,
      hint: "unexpected character '|' at 1:3 (did you mean '||'?)",
      final: true,
    });
  });
});

describe('a fault inside the fast parser', () => {
  it('is thrown as it is, never taken for a syntax error of the text', () => {
    const fault = new RangeError('Maximum call stack size exceeded');
    vi.mocked(parseTokens).mockImplementationOnce(() => {
      throw fault;
    });
    expect(() => parseCel('a')).toThrow(fault);
    // The wrappers are the real parts otherwise.
    expect(parseCel('a').ok).toBe(true);
  });
});
