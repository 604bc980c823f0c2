/** `npm run facts`: writes docs/facts.md from the facts table. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { factsMarkdown } from './markdown';

const file = join(import.meta.dirname, '..', '..', 'docs', 'facts.md');
writeFileSync(file, factsMarkdown());
console.log(`wrote ${file}`);
