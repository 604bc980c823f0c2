/**
 * Regenerates ../antlr/atn-data.ts from CEL.g4 (see README.md). A development tool: it needs
 * antlr-ng and antlr4ng installed in the current directory, which the project does not depend on.
 *
 *   node generate-atn.mjs <dir with antlr-ng's output for CEL.g4> > ../antlr/atn-data.ts
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'noop.js'));
const { ATNDeserializer, BlockStartState, EpsilonTransition, PrecedencePredicateTransition, RuleTransition, StarLoopEntryState } = require('antlr4ng');

const dir = process.argv[2];
const interp = readFileSync(join(dir, 'CEL.interp'), 'utf8');
const section = (name) => interp.split(`${name}:\n`)[1].split('\n\n')[0].split('\n');
const ruleNames = section('rule names');
const atn = new ATNDeserializer().deserialize(JSON.parse(interp.split('atn:\n')[1].trim()));
// The decisions the generated code makes with adaptivePredict (the others are LL(1) tests).
const parser = readFileSync(join(dir, 'CELParser.ts'), 'utf8');
const adaptive = [...new Set([...parser.matchAll(/adaptivePredict\(this\.tokenStream, (\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);

const TYPES = { BasicState: 1, RuleStartState: 2, BasicBlockStartState: 3, PlusBlockStartState: 4, StarBlockStartState: 5, RuleStopState: 7, BlockEndState: 8, StarLoopbackState: 9, StarLoopEntryState: 10, PlusLoopbackState: 11, LoopEndState: 12 };
const sets = [];
const decisions = atn.decisionToState.map((s) => s.stateNumber);
const rows = atn.states.map((s) => {
  const tr = [];
  for (const t of s.transitions) {
    if (t instanceof RuleTransition) tr.push(1, t.target.stateNumber, t.followState.stateNumber, t.precedence);
    else if (t instanceof PrecedencePredicateTransition) tr.push(2, t.target.stateNumber, t.precedence);
    else if (t instanceof EpsilonTransition) tr.push(0, t.target.stateNumber, t.outermostPrecedenceReturn);
    else if (t.constructor.name === 'ActionTransition') tr.push(5, t.target.stateNumber);
    else if (t.constructor.name === 'AtomTransition') tr.push(3, t.target.stateNumber, t.label.toArray()[0]);
    else if (t.constructor.name === 'SetTransition') {
      const key = JSON.stringify(t.label.toArray());
      let i = sets.indexOf(key);
      if (i < 0) i = sets.push(key) - 1;
      tr.push(4, t.target.stateNumber, i);
    } else throw new Error(`unexpected transition ${t.constructor.name}`);
  }
  const end = s instanceof BlockStartState && s.endState ? s.endState.stateNumber : -1;
  const precedence = s instanceof StarLoopEntryState && s.precedenceRuleDecision ? 1 : 0;
  return [TYPES[s.constructor.name], s.ruleIndex, end, decisions.indexOf(s.stateNumber), precedence, tr];
});
const leftRecursive = atn.ruleToStartState.filter((s) => s.isLeftRecursiveRule).map((s) => s.ruleIndex);

process.stdout.write(`/*
 * Generated from ../grammar/CEL.g4 by ../grammar/generate-atn.mjs: the ATN that ANTLR builds
 * for ShardScope's CEL grammar, state for state, in a compact form read by ./atn.ts. Do not edit.
 *
 * Each state: [type, rule, block end (-1), decision (-1), precedence decision (0|1), transitions]
 * with transitions flattened as kind-first groups: 0 epsilon (target, outermost precedence
 * return), 1 rule (target, follow, precedence), 2 precedence predicate (target, precedence),
 * 3 token (target, token type), 4 set (target, set index), 5 action (target).
 */
export const RULE_NAMES: readonly string[] = ${JSON.stringify(ruleNames)};
export const RULE_START: readonly number[] = ${JSON.stringify(atn.ruleToStartState.map((s) => s.stateNumber))};
export const RULE_STOP: readonly number[] = ${JSON.stringify(atn.ruleToStopState.map((s) => s.stateNumber))};
export const LEFT_RECURSIVE: readonly number[] = ${JSON.stringify(leftRecursive)};
export const DECISIONS: readonly number[] = ${JSON.stringify(decisions)};
/** Decisions the generated parser makes with adaptivePredict; the others are LL(1) tests. */
export const ADAPTIVE_DECISIONS: readonly number[] = ${JSON.stringify(adaptive)};
export const TOKEN_SETS: readonly (readonly number[])[] = [${sets.join(', ')}];
export const STATES: readonly (readonly [number, number, number, number, number, readonly number[]])[] = [
${rows.map((r) => '  ' + JSON.stringify(r) + ',').join('\n')}
];
`);
