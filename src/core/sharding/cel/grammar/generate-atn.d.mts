// Types of generate-atn.mjs for the TypeScript tests that import it.
import type { ATN } from 'antlr4ng';
import type { AtnData } from '../antlr/atn';

export function atnData(atn: ATN, adaptive: readonly number[]): AtnData & { readonly LEFT_RECURSIVE: readonly number[] };
