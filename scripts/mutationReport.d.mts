// Types of scripts/mutationReport.mjs for the TypeScript tests that import it.

export interface Mutant {
  id: string;
  status: string;
  coveredBy?: string[];
  testsCompleted?: number;
  killedBy?: string[];
  [key: string]: unknown;
}
export interface MutationReport {
  files: Record<string, { mutants: Mutant[]; [key: string]: unknown }>;
  testFiles?: Record<string, { tests: { id: string; name: string; [key: string]: unknown }[]; [key: string]: unknown }>;
  [key: string]: unknown;
}
export interface Tally {
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  runtimeError: number;
  compileError: number;
  ignored: number;
  /** Survivors whose run completed fewer tests than cover them (not evidence). */
  lostTests: number;
  score: number | null;
}
export function lostTests(m: Mutant): boolean;
export function tally(entries: [string, Mutant[]][]): Tally;
export function summarize(
  report: MutationReport,
  scopes: { entry: string; files: string[] }[],
  root: string,
): { folders: ({ folder: string } & Tally)[]; scopes: ({ scope: string } & Tally)[]; total: Tally };
export function mergeReports(reports: MutationReport[]): MutationReport;
export function embedReport(html: string, report: MutationReport): string | null;
export function retryPatterns(report: MutationReport): string[];
export function applyRetry(report: MutationReport, retry: MutationReport): { report: MutationReport; retried: number; detected: number; lost: number };
