/**
 * The facts ShardScope states about Kubernetes, each with its source: the table,
 * the terms a text is checked for, the facts each catalogue message cites, and how a source is written.
 */
export { FACTS, type FactId } from './table';
export { MESSAGE_SOURCES, NAMES_ONLY } from './messages';
export { TERMS, termsIn, type Term } from './terms';
export type { Fact, Repository, Source } from './types';
export { factsAbout, sourcePath, sourceLine, uncitedTerms } from './cite';
