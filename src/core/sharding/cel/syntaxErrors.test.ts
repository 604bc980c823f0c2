import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Errors from '../errors';
import type * as Parser from '../parser';
import type * as Cel from './index';

// This file starts from fresh modules, with the syntax-error model not loaded (vite.config.ts
// runs every file that resets or mocks modules in a project of its own, file by file), and the
// tests run in order: before the load, the load, after it.
let ShardSelectorError: typeof Errors.ShardSelectorError;
let needsSyntaxErrors: typeof Parser.needsSyntaxErrors;
let parseShardSelector: typeof Parser.parseShardSelector;
let loadSyntaxErrors: typeof Cel.loadSyntaxErrors;
let onSyntaxErrorsLoaded: typeof Cel.onSyntaxErrorsLoaded;
let parseCel: typeof Cel.parseCel;
let syntaxErrorsLoaded: typeof Cel.syntaxErrorsLoaded;
beforeAll(async () => {
  vi.resetModules();
  ({ ShardSelectorError } = await import('../errors'));
  ({ needsSyntaxErrors, parseShardSelector } = await import('../parser'));
  ({ loadSyntaxErrors, onSyntaxErrorsLoaded, parseCel, syntaxErrorsLoaded } = await import('./index'));
});

function selectorError(text: string): Errors.ShardSelectorError {
  try {
    parseShardSelector(text);
  } catch (e) {
    if (e instanceof ShardSelectorError) return e;
  }
  throw new Error(`${JSON.stringify(text)} parsed`);
}

describe('before the syntax-error model is loaded', () => {
  it('gives a syntax error as the fast parser reads it, with its hint, marked as not final', () => {
    expect(syntaxErrorsLoaded()).toBe(false);
    const r = parseCel('f(a b)');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ message: "Syntax error: unexpected 'b' at 1:5, expected ',' or ')'", start: 4, end: 5, final: false });
    expect(r.error.hint).toBe("unexpected 'b' at 1:5, expected ',' or ')'");
    const e = selectorError('shardRange(a b)');
    expect(e.final).toBe(false);
    expect(e.code).toBe('syntax');
    expect(needsSyntaxErrors('shardRange(a b)')).toBe(true);
  });

  it('marks a nesting too deep for the fast parser, and a bad character, as not final either', () => {
    const deep = parseCel('((a))', { maxRecursionDepth: 2 });
    expect(!deep.ok && deep.error.final).toBe(false);
    const bad = parseCel('a # b');
    expect(!bad.ok && bad.error.final).toBe(false);
  });

  it('gives every other verdict as final: valid input, the size limit, the tree depth, the walk', () => {
    expect(parseCel('a.b(1)').ok).toBe(true);
    const big = parseCel('a'.repeat(100_001));
    expect(!big.ok && big.error.final).toBe(true);
    const nested = parseCel('-'.repeat(3) + 'a'.concat('.b'.repeat(3)), { maxRecursionDepth: 2 });
    expect(!nested.ok && nested.error.final).toBe(true);
    expect(selectorError('a && b').final).toBe(true);
    expect(needsSyntaxErrors('a && b')).toBe(false);
    expect(needsSyntaxErrors("shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')")).toBe(false);
  });
});

describe('loading the syntax-error model', () => {
  it('is one promise however often it is asked for, and tells each listener once', async () => {
    const heard = vi.fn();
    const stopped = vi.fn();
    onSyntaxErrorsLoaded(heard);
    const unsubscribe = onSyntaxErrorsLoaded(stopped);
    unsubscribe();
    const first = loadSyntaxErrors();
    expect(loadSyntaxErrors()).toBe(first);
    await first;
    expect(syntaxErrorsLoaded()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(stopped).not.toHaveBeenCalled();
    await loadSyntaxErrors();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('then words the same errors as cel-go, final', () => {
    const r = parseCel('f(a b)');
    expect(!r.ok && r.error).toMatchObject({ message: "Syntax error: extraneous input 'b' expecting ')'", start: 4, end: 5, final: true });
    const e = selectorError('shardRange(a b)');
    expect(e.message).toBe("CEL parse error: Syntax error: extraneous input 'b' expecting ')'");
    expect(e.final).toBe(true);
    expect(needsSyntaxErrors('shardRange(a b)')).toBe(false);
    const deep = parseCel('((a))', { maxRecursionDepth: 2 });
    expect(!deep.ok && deep.error).toMatchObject({ message: 'expression recursion limit exceeded: 2', final: true });
    const bad = parseCel('a # b');
    expect(!bad.ok && bad.error).toMatchObject({ message: "Syntax error: token recognition error at: '#'", final: true });
  });
});
