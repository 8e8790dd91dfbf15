// A story file whose meta spreads a shared one (`...screen(…)`, `...articlesScreen`) keeps its
// parameters (a screen's full-screen layout): Storybook turns a doc comment right above a meta
// into the docs' description, written as a `parameters` of its own after the spread, which hides
// the spread's. A screen drawn padded looked different from its baseline in every shot.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const storyFiles = (readdirSync(join(root, 'stories'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.stories.tsx'))
  .map((file) => join('stories', file));

/** The meta statement of a story file, and whether a doc comment stands right above it. */
function metaOf(file: string) {
  const text = readFileSync(join(root, file), 'utf8');
  const start = text.search(/^(const meta = |export default \{)/m);
  const end = text.indexOf('satisfies Meta<', start);
  return { meta: start < 0 ? '' : text.slice(start, end), docAbove: start > 0 && /\*\/\s*$/.test(text.slice(0, start)) };
}

describe('metas that spread a shared meta', () => {
  // A spread among the meta's own properties (on a line of its own, or in a one-line meta).
  const spreading = storyFiles.filter((file) => /^ {2}\.\.\.\w|^(const meta = |export default )\{[^\n]*, \.\.\.\w/m.test(metaOf(file).meta));

  it('are found (the screens)', () => {
    expect(spreading).toContain('stories/routes/articles/ArticlesList.stories.tsx');
    expect(spreading).toContain('stories/routes/DashboardRoute.stories.tsx');
    expect(spreading.length).toBeGreaterThan(30);
  });

  it('have no doc comment right above them (a // comment says the same)', () => {
    expect(spreading.filter((file) => metaOf(file).docAbove)).toEqual([]);
  });
});
