import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonToken, CommonTokenStream, ListTokenSource, NoViableAltException, ParserInterpreter, ParserRuleContext, type TokenStream } from 'antlr4ng';
import { dfaDifferences, readInterp, recordFullContextSteps } from '../../../../../tests/support/antlrOracle';
import { mulberry32 } from '../../../../../tests/support/mulberry32';
import { atnData } from '../grammar/generate-atn.mjs';
import { buildAtn, type Atn } from './atn';
import { EMPTY, push, type Ctx } from './context';
import { NoViableAlt, Predictor, predictionWork } from './predict';

/**
 * Our prediction on a grammar that is not CEL's, against ANTLR's runtime. CEL's grammar never
 * takes some of prediction's paths: an SLL conflict between alternatives that carry precedence
 * predicates (full-context prediction then evaluates them), tokens after EOF (configurations
 * not at a rule's end are dropped), a start rule that another rule invokes. The toy grammar
 * `tests/fixtures/antlr/Toy.g4` takes them. antlr4ng's `ParserInterpreter` parses
 * generated token sequences over its ATN (`Toy.interp`, from antlr-ng), recovering from errors
 * as ANTLR does; at each of its predictions ours is made first, from the same token, precedence
 * and rule stack, and the two must agree: the same alternative, or no viable alternative
 * between the same two tokens. Then every DFA and full-context step must be ANTLR's.
 */

const { atn: THEIR_ATN, vocabulary, ruleNames } = readInterp(join(import.meta.dirname, '../../../../../tests/fixtures/antlr/Toy.interp'));
const TOY: Atn = buildAtn(atnData(THEIR_ATN, []));

const T = { semi: 1, star: 2, plus: 3, bang: 4, minus: 5, question: 6, colon: 7, open: 8, close: 9, lbrace: 10, rbrace: 11, id: 12 } as const;
const EOF = -1;

/** A random sentence of the toy grammar's `s` (EOF included), nesting at most `depth` deep. */
function sentence(rand: () => number, depth: number): number[] {
  const pick = (n: number): number => Math.floor(rand() * n);
  const e = (d: number): number[] => {
    const k = d <= 0 ? 7 : pick(8);
    switch (k) {
      case 0:
        return [...e(d - 1), T.star, ...e(d - 1)];
      case 1:
        return [...e(d - 1), T.plus, ...e(d - 1)];
      case 2:
        return [...e(d - 1), T.plus, ...e(d - 1), T.bang];
      case 3:
        return [T.minus, ...e(d - 1)];
      case 4:
        return [...e(d - 1), T.question, ...e(d - 1), T.colon, ...e(d - 1)];
      case 5:
        return [T.open, ...e(d - 1), T.close];
      case 6:
        return [T.lbrace, ...s(d - 1), T.rbrace];
      default:
        return [T.id];
    }
  };
  const s = (d: number): number[] => {
    const k = d <= 0 ? 0 : pick(4);
    if (k === 1 || k === 2) return [...e(d - 1), T.semi, ...s(d - 1)];
    if (k === 3) return [T.id, EOF, ...(rand() < 0.5 ? [T.id] : [])];
    return [...e(d), EOF];
  };
  return s(depth);
}

/** Valid sentences, and each with one token deleted, inserted, doubled or swapped with the next. */
function inputs(seed: number, n: number): number[][] {
  const rand = mulberry32(seed);
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const valid = sentence(rand, 1 + (i % 4));
    out.push(valid);
    const broken = [...valid];
    const at = Math.floor(rand() * broken.length);
    const kind = i % 4;
    if (kind === 0) broken.splice(at, 1);
    else if (kind === 1) broken.splice(at, 0, 1 + Math.floor(rand() * 12));
    else if (kind === 2) broken.splice(at, 0, broken[at]!);
    else if (at + 1 < broken.length) [broken[at], broken[at + 1]] = [broken[at + 1]!, broken[at]!];
    out.push(broken);
  }
  return out;
}

/** ANTLR's `PredictionContext.fromRuleContext`: the parser's rule stack as follow states. */
function stackOf(ctx: ParserRuleContext | null): Ctx {
  if (ctx === null || ctx.parent === null) return EMPTY;
  return push(stackOf(ctx.parent), (THEIR_ATN.states[ctx.invokingState]!.transitions[0] as unknown as { followState: { stateNumber: number } }).followState.stateNumber);
}

type Outcome = { alt: number } | { error: [number, number] };

interface Run {
  predictions: number;
  errors: number;
  differ: { tokens: number[]; decision: number; index: number; ours: Outcome; theirs: Outcome }[];
}

const ourSteps = new Set<string>();
const theirSteps = new Set<string>();
let parser: ParserInterpreter | undefined;

/** Parses each input with ANTLR's interpreter, making every prediction with ours too. */
function run(all: readonly number[][]): Run {
  const result: Run = { predictions: 0, errors: 0, differ: [] };
  let current: number[] = [];
  for (const types of all) {
    current = types;
    const end = types.indexOf(EOF);
    const tokens = types.map((type, i) => {
      const t = CommonToken.fromType(type, String(type));
      t.tokenIndex = i;
      return t;
    });
    const stream = new CommonTokenStream(new ListTokenSource(end < 0 ? tokens : tokens.slice(0, end + 1)));
    stream.fill();
    if (parser === undefined) {
      parser = new ParserInterpreter('Toy.g4', vocabulary, ruleNames, THEIR_ATN, stream);
      parser.removeErrorListeners();
      const sim = parser.interpreter;
      const theirs = sim.adaptivePredict.bind(sim);
      sim.adaptivePredict = (input: TokenStream, decision: number, outer: ParserRuleContext | null): number => {
        const p = parser!;
        const index = input.index;
        let ours: Outcome;
        try {
          const predictor = new Predictor(
            {
              la: (k) => input.LA(k),
              index: () => input.index,
              seek: (i) => input.seek(i),
              consume: () => input.consume(),
              precedence: () => p.getPrecedence(),
              outerContext: () => stackOf(outer),
            },
            TOY,
          );
          ours = { alt: predictor.predict(decision) };
        } catch (e) {
          if (!(e instanceof NoViableAlt)) throw e;
          ours = { error: [e.startIndex, e.offendingIndex] };
        }
        const moved = input.index !== index;
        input.seek(index);
        result.predictions++;
        let theirOutcome: Outcome;
        try {
          theirOutcome = { alt: theirs(input, decision, outer) };
          return theirOutcome.alt;
        } catch (e) {
          if (!(e instanceof NoViableAltException)) throw e;
          result.errors++;
          theirOutcome = { error: [e.startToken!.tokenIndex, e.offendingToken!.tokenIndex] };
          throw e;
        } finally {
          if (moved || JSON.stringify(ours) !== JSON.stringify(theirOutcome!)) result.differ.push({ tokens: current, decision, index, ours, theirs: theirOutcome! });
        }
      };
    }
    parser.tokenStream = stream;
    parser.parse(0);
  }
  return result;
}

describe('prediction on another grammar agrees with ANTLR’s runtime (antlr4ng 3.0.16, tests/fixtures/antlr/Toy.g4)', () => {
  let recording: { stop(): void } | undefined;
  beforeAll(() => {
    recording = recordFullContextSteps(ourSteps, theirSteps);
  });
  afterAll(() => recording?.stop());

  it('reads the toy ATN: its decisions include a precedence decision and its start rule is invoked by another rule', () => {
    expect(TOY.decisions.some((s) => s.precedenceDecision)).toBe(true);
    expect(TOY.states.some((s) => s.transitions.some((t) => t.follow !== null && t.target.rule === 0 && s.rule !== 0))).toBe(true);
  });

  it('on generated sentences and broken ones: every prediction, DFA state and full-context step', () => {
    const fullBefore = predictionWork.fullContext;
    const { predictions, errors, differ } = run(inputs(51, 400));
    expect(differ.slice(0, 3)).toEqual([]);
    expect(predictions).toBeGreaterThan(2_500);
    expect(errors).toBeGreaterThan(500);
    // Every one of them on an SLL conflict that carries precedence predicates.
    expect(predictionWork.fullContext - fullBefore).toBeGreaterThan(40);
    const { differ: dfas, lines } = dfaDifferences(TOY, parser);
    expect(dfas).toEqual([]);
    expect(lines).toBeGreaterThan(400);
    expect(ourSteps.size).toBeGreaterThan(80);
    expect([...ourSteps].filter((x) => !theirSteps.has(x)).slice(0, 2)).toEqual([]);
    expect([...theirSteps].filter((x) => !ourSteps.has(x)).slice(0, 2)).toEqual([]);
  });
});
