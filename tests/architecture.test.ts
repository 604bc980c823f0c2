import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Module specifiers a file imports (static, dynamic, re-exports). */
function importsOf(text: string): string[] {
  const specs: string[] = [];
  const re = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(re)) specs.push((m[1] ?? m[2] ?? m[3])!);
  return specs;
}

/** Source text without comments and string literals, to look for identifiers. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/`(?:\\[\s\S]|[^`\\])*`/g, '``')
    .replace(/'(?:\\.|[^'\\\n])*'/g, "''")
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""');
}

const LAYERS = ['core', 'sim', 'state', 'ui'] as const;
const FORBIDDEN_PACKAGES = /^(react|react-dom|zustand|d3-selection|d3)(\/|$)/;
// A DOM global used as one (`window.x`, `document[...]`), or a DOM-only name. A local
// variable called `window` (a time window) is fine. tsconfig.core.json backs this up: core
// and sim type-check without the DOM library at all.
const DOM_GLOBALS =
  /\b(document|window|localStorage|sessionStorage|navigator|location)\s*(\.|\[)|\b(requestAnimationFrame|HTMLElement|HTMLCanvasElement|OffscreenCanvas)\b/;
const AMBIENT_NONDETERMINISM = /\b(Math\.random|Date\.now|performance\.now)\s*\(/;

describe('layer boundaries', () => {
  for (const layer of ['core', 'sim'] as const) {
    const files = sources(join(root, 'src', layer)).filter((f) => !f.endsWith('cli.ts'));

    it(`src/${layer} imports nothing from React, zustand or d3-selection`, () => {
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        for (const spec of importsOf(readFileSync(f, 'utf8'))) {
          expect(FORBIDDEN_PACKAGES.test(spec), `${relative(root, f)} imports ${spec}`).toBe(false);
        }
      }
    });

    it(`src/${layer} never touches the DOM, the wall clock or Math.random`, () => {
      for (const f of files) {
        const body = code(readFileSync(f, 'utf8'));
        expect(body.match(DOM_GLOBALS)?.[0], `${relative(root, f)} uses a DOM global`).toBeUndefined();
        expect(body.match(AMBIENT_NONDETERMINISM)?.[0], `${relative(root, f)} is not deterministic`).toBeUndefined();
      }
    });
  }

  it('imports only go downward: ui -> state -> sim -> core', () => {
    for (const [i, layer] of LAYERS.entries()) {
      const higher = LAYERS.slice(i + 1);
      for (const f of sources(join(root, 'src', layer))) {
        for (const spec of importsOf(readFileSync(f, 'utf8'))) {
          if (!spec.startsWith('.')) continue;
          const target = relative(join(root, 'src'), join(f, '..', spec)).split(/[\\/]/)[0];
          expect(higher.includes(target as (typeof LAYERS)[number]), `${relative(root, f)} imports ${spec}`).toBe(false);
        }
      }
    }
  });

  it('the boundary check itself catches a forbidden import and a DOM global', () => {
    expect(importsOf("import { useState } from 'react';").some((s) => FORBIDDEN_PACKAGES.test(s))).toBe(true);
    expect(importsOf("const m = await import('zustand/vanilla');").some((s) => FORBIDDEN_PACKAGES.test(s))).toBe(true);
    expect(DOM_GLOBALS.test(code('const w = window.innerWidth;'))).toBe(true);
    expect(DOM_GLOBALS.test(code('// the window of time'))).toBe(false);
    expect(DOM_GLOBALS.test(code('function rate(window: number) { return window * 2; }'))).toBe(false);
    expect(AMBIENT_NONDETERMINISM.test(code('const t = Date.now();'))).toBe(true);
  });
});
