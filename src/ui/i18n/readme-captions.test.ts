// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { zhCN } from '../../i18n/zh-CN';
import { DOC_SHOTS } from './docShots';

/** The repository root (this file is src/ui/i18n/). */
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (name: string): string => readFileSync(resolve(ROOT, name), 'utf8');

interface Image {
  readonly alt: string;
  readonly file: string;
  /** The first non-blank line after the image's line. */
  readonly next: string | undefined;
}

/** Every Markdown image `![alt](file)` in a document, in order. */
function images(markdown: string): Image[] {
  const lines = markdown.split('\n');
  const out: Image[] = [];
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)) {
      const next = lines.slice(i + 1).find((l) => l.trim() !== '');
      out.push({ alt: m[1]!, file: m[2]!, next: next?.trim() });
    }
  });
  return out;
}

/** Every `docs/….png` a document names, as an image or in its text. */
const pngsNamed = (markdown: string): string[] => [...new Set(markdown.match(/docs\/[\w.-]+\.png/g) ?? [])];

/**
 * The numbers a document states, outside code and link targets; `10万` counts as 100,000 and
 * `1.2亿` as 120,000,000, so that a Chinese count can be found in the English text.
 */
function figures(markdown: string): string[] {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ');
  const scaled = prose.replace(/(\d+(?:\.\d+)?)\s*(万|亿)/g, (_, n: string, unit: string) =>
    Math.round(Number(n) * (unit === '万' ? 1e4 : 1e8)).toLocaleString('en-US'),
  );
  return [...new Set(scaled.match(/\d+(?:[.,]\d+)*/g) ?? [])];
}

const byFile = new Map(DOC_SHOTS.map((s) => [s.file, s.key] as const));
const readme = read('README.md');
const readmeZh = existsSync(resolve(ROOT, 'README.zh-CN.md')) ? read('README.zh-CN.md') : '';

describe('README screenshot captions come from the catalogue', () => {
  it('pairs each screenshot with one docs.shot key, and every docs.shot key with one screenshot', () => {
    expect(new Set(DOC_SHOTS.map((s) => s.file)).size).toBe(DOC_SHOTS.length);
    expect(new Set(DOC_SHOTS.map((s) => s.key)).size).toBe(DOC_SHOTS.length);
    const keys = Object.keys(en).filter((k) => k.startsWith('docs.shot.'));
    expect(keys.sort()).toEqual(DOC_SHOTS.map((s) => s.key).sort());
  });

  it('keeps every caption usable as Markdown alt text (one line, no square brackets)', () => {
    for (const { key } of DOC_SHOTS) {
      for (const text of [en[key], zhCN[key]]) expect(text, key).toMatch(/^[^[\]\n*]+$/);
    }
  });

  it('gives every image in README.md the English caption of its file', () => {
    const shown = images(readme);
    expect(shown.length).toBeGreaterThan(0);
    for (const { alt, file } of shown) {
      const key = byFile.get(file as never);
      expect(key, `${file} has no entry in docShots.ts`).toBeDefined();
      expect(alt, file).toBe(en[key!]);
    }
  });

  it('gives every image in README.zh-CN.md the Chinese caption, as alt text and as the line under it', () => {
    const shown = images(readmeZh);
    expect(shown.length).toBeGreaterThan(0);
    for (const { alt, file, next } of shown) {
      const key = byFile.get(file as never);
      expect(key, `${file} has no entry in docShots.ts`).toBeDefined();
      expect(alt, file).toBe(zhCN[key!]);
      expect(next, `caption line under ${file}`).toBe(`*${zhCN[key!]}*`);
    }
  });

  it('shows the same screenshots in both READMEs, each once, the Chinese one first in README.zh-CN.md', () => {
    const en = images(readme).map((i) => i.file);
    const zh = images(readmeZh).map((i) => i.file);
    expect(new Set(en).size).toBe(en.length);
    expect(zh).toEqual(DOC_SHOTS.map((s) => s.file));
    expect([...en].sort()).toEqual([...zh].sort());
    expect(zh[0]).toBe('docs/zh-CN-1280x720.png');
  });

  it('names only screenshots that exist in docs/', () => {
    for (const doc of [readme, readmeZh]) {
      for (const file of pngsNamed(doc)) expect(existsSync(resolve(ROOT, file)), file).toBe(true);
    }
  });

  it('links the Chinese README near the top of README.md', () => {
    const top = readme.split('\n').slice(0, 5).join('\n');
    expect(top).toContain('简体中文: [README.zh-CN.md](README.zh-CN.md)');
  });

  it('states in README.zh-CN.md only figures that README.md states', () => {
    const known = new Set(figures(readme));
    const stray = figures(readmeZh).filter((n) => !known.has(n));
    expect(stray).toEqual([]);
  });
});
