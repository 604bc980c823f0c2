/**
 * Regenerates ../antlr/atn-data.ts from CEL.g4 (see README.md). A development tool: it needs
 * antlr-ng and antlr4ng installed in the current directory, which the project does not depend on.
 *
 *   node generate-atn.mjs <dir with antlr-ng's output for CEL.g4> > ../antlr/atn-data.ts
 *
 * `atnData` is also what the tests use to run our prediction on other grammars' ATNs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// antlr4ng's transition types (Transition.EPSILON, ...) and ours (../antlr/atn.ts TransitionKind).
const EPSILON = 1;
const RULE = 3;
const ATOM = 5;
const ACTION = 6;
const SET = 7;
const PRECEDENCE = 10;

/**
 * An ATN deserialized by antlr4ng, in the compact form ../antlr/atn.ts reads. `adaptive`: the
 * decisions the generated code makes with adaptivePredict. Read by duck typing, so any copy
 * of antlr4ng will do.
 */
export function atnData(atn, adaptive) {
  const sets = [];
  const decisions = atn.decisionToState.map((s) => s.stateNumber);
  const rows = atn.states.map((s) => {
    const tr = [];
    for (const t of s.transitions) {
      const target = t.target.stateNumber;
      switch (t.transitionType) {
        case RULE:
          tr.push(1, target, t.followState.stateNumber, t.precedence);
          break;
        case PRECEDENCE:
          tr.push(2, target, t.precedence);
          break;
        case EPSILON:
          tr.push(0, target, t.outermostPrecedenceReturn);
          break;
        case ACTION:
          tr.push(5, target);
          break;
        case ATOM:
          tr.push(3, target, t.label.toArray()[0]);
          break;
        case SET: {
          const key = JSON.stringify(t.label.toArray());
          let i = sets.indexOf(key);
          if (i < 0) i = sets.push(key) - 1;
          tr.push(4, target, i);
          break;
        }
        default:
          throw new Error(`unexpected transition ${t.constructor.name}`);
      }
    }
    const end = s.endState ? s.endState.stateNumber : -1;
    const precedence = s.precedenceRuleDecision ? 1 : 0;
    return [s.constructor.stateType, s.ruleIndex, end, decisions.indexOf(s.stateNumber), precedence, tr];
  });
  return {
    RULE_START: atn.ruleToStartState.map((s) => s.stateNumber),
    RULE_STOP: atn.ruleToStopState.map((s) => s.stateNumber),
    LEFT_RECURSIVE: atn.ruleToStartState.filter((s) => s.isLeftRecursiveRule).map((s) => s.ruleIndex),
    DECISIONS: decisions,
    ADAPTIVE_DECISIONS: adaptive,
    TOKEN_SETS: sets.map((key) => JSON.parse(key)),
    STATES: rows,
  };
}

function main(dir) {
  const require = createRequire(join(process.cwd(), 'noop.js'));
  const { ATNDeserializer } = require('antlr4ng');
  const interp = readFileSync(join(dir, 'CEL.interp'), 'utf8');
  const section = (name) => interp.split(`${name}:\n`)[1].split('\n\n')[0].split('\n');
  const atn = new ATNDeserializer().deserialize(JSON.parse(interp.split('atn:\n')[1].trim()));
  // The decisions the generated code makes with adaptivePredict (the others are LL(1) tests).
  const parser = readFileSync(join(dir, 'CELParser.ts'), 'utf8');
  const adaptive = [...new Set([...parser.matchAll(/adaptivePredict\(this\.tokenStream, (\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const data = atnData(atn, adaptive);

  process.stdout.write(`/*
 * Generated from ../grammar/CEL.g4 by ../grammar/generate-atn.mjs: the ATN that ANTLR builds
 * for ShardScope's CEL grammar, state for state, in a compact form read by ./atn.ts. Do not edit.
 *
 * Each state: [type, rule, block end (-1), decision (-1), precedence decision (0|1), transitions]
 * with transitions flattened as kind-first groups: 0 epsilon (target, outermost precedence
 * return), 1 rule (target, follow, precedence), 2 precedence predicate (target, precedence),
 * 3 token (target, token type), 4 set (target, set index), 5 action (target).
 */
export const RULE_NAMES: readonly string[] = ${JSON.stringify(section('rule names'))};
export const RULE_START: readonly number[] = ${JSON.stringify(data.RULE_START)};
export const RULE_STOP: readonly number[] = ${JSON.stringify(data.RULE_STOP)};
export const LEFT_RECURSIVE: readonly number[] = ${JSON.stringify(data.LEFT_RECURSIVE)};
export const DECISIONS: readonly number[] = ${JSON.stringify(data.DECISIONS)};
/** Decisions the generated parser makes with adaptivePredict; the others are LL(1) tests. */
export const ADAPTIVE_DECISIONS: readonly number[] = ${JSON.stringify(data.ADAPTIVE_DECISIONS)};
export const TOKEN_SETS: readonly (readonly number[])[] = [${data.TOKEN_SETS.map((s) => JSON.stringify(s)).join(', ')}];
export const STATES: readonly (readonly [number, number, number, number, number, readonly number[]])[] = [
${data.STATES.map((r) => '  ' + JSON.stringify(r) + ',').join('\n')}
];
`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv[2]);
