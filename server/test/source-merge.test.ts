import { describe, expect, it } from 'vitest';
import { blocksOf, mergeSourceChange } from '../../src/contract/sourceMerge.ts';

const html = (...blocks: string[]) => blocks.map((block) => `<p>${block}</p>\n`).join('');

describe('the merge of a source’s change', () => {
  it('cuts the HTML after each block, whitespace kept with it, so the blocks join back byte for byte', () => {
    const text = '<h2>Title</h2>\n\n  <p>One <em>two</em></p><ul><li>a</li><li>b</li></ul>\n<p>tail';
    expect(blocksOf(text)).toEqual(['<h2>Title</h2>\n\n  ', '<p>One <em>two</em></p>', '<ul><li>a</li>', '<li>b</li>', '</ul>\n', '<p>tail']);
    expect(blocksOf(text).join('')).toBe(text);
    expect(blocksOf('')).toEqual([]);
  });

  it('takes the source’s edits where the editor did not touch, and keeps the editor’s', () => {
    const base = html('one', 'two', 'three', 'four');
    const editor = html('one', 'TWO by the editor', 'three', 'four');
    const source = html('one', 'two', 'three', 'four, corrected', 'five');
    const merged = mergeSourceChange(base, editor, source);
    expect(merged.html).toBe(html('one', 'TWO by the editor', 'three', 'four, corrected', 'five'));
    expect(merged.conflicts).toEqual([]);
    expect(merged.applied).toBe(1);
  });

  it('applies a deletion of the source’s, and keeps a block only the editor added', () => {
    const base = html('one', 'two', 'three');
    const editor = html('one', 'added by the editor', 'two', 'three');
    const source = html('one', 'two');
    const merged = mergeSourceChange(base, editor, source);
    expect(merged.html).toBe(html('one', 'added by the editor', 'two'));
    expect(merged.applied).toBe(1);
    expect(merged.conflicts).toEqual([]);
  });

  it('names a conflict where both changed the same block (or blocks side by side): the editor’s kept, unless taken', () => {
    const base = html('one', 'two', 'three', 'four');
    const editor = html('one', 'two, as the editor has it', 'three', 'four');
    const source = html('one', 'two, as the source has it', 'three', 'four, corrected');
    const kept = mergeSourceChange(base, editor, source);
    expect(kept.conflicts).toEqual([
      { index: 0, base: '<p>two</p>\n', editor: '<p>two, as the editor has it</p>\n', source: '<p>two, as the source has it</p>\n' },
    ]);
    expect(kept.html).toBe(html('one', 'two, as the editor has it', 'three', 'four, corrected'));
    expect(kept.applied).toBe(1);
    const taken = mergeSourceChange(base, editor, source, new Set([0]));
    expect(taken.html).toBe(html('one', 'two, as the source has it', 'three', 'four, corrected'));
    // Changes side by side are one conflict, as diff3 has it.
    const sideBySide = mergeSourceChange(base, editor, html('one', 'two', 'three, the source’s', 'four'));
    expect(sideBySide.conflicts).toHaveLength(1);
    expect(sideBySide.conflicts[0]!.source).toBe(html('two', 'three, the source’s'));
  });

  it('sees the same change made on both sides as no conflict, and a re-indented block as the same block', () => {
    const base = html('one', 'two');
    const editor = '<p>one</p>\n    <p>two, fixed</p>\n';
    const source = html('one', 'two, fixed');
    const merged = mergeSourceChange(base, editor, source);
    expect(merged.conflicts).toEqual([]);
    expect(merged.html).toBe(editor);
  });

  it('gives the editor’s HTML back byte for byte when the source changed nothing', () => {
    const base = html('one', 'two');
    const editor = '<p>one</p>  \n\n<p>two, mine</p>';
    expect(mergeSourceChange(base, editor, base)).toEqual({ html: editor, applied: 0, conflicts: [] });
  });
});
