/** One benchmark figure, reported against a reference measured in the same process. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  reference?: { name: string; value: number; unit: string };
  /** How many times faster than the reference (reference / value for times). */
  ratio?: number;
  /** The target in words, e.g. "< 16 ms" or ">= 10x the BigInt reference". */
  target?: string;
  pass?: boolean;
}
