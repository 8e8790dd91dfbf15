/**
 * Where an item of the checks before publishing is in the HTML being edited (src/contract/checks.ts):
 * the image tag without alt text or whose address did not answer, the link's tag, the heading that
 * skips a level. The checks read the saved HTML through a DOM, so an address may be written there
 * with entities (`&amp;`) or without its scheme (`//cdn…`); an item's target is cut to 200
 * characters. Null when the HTML holds no such place (edited since, or the title's item).
 */
import type { CheckItem } from '../contract';
import { textOfHtml } from './wordDiff';

export interface Place {
  from: number;
  to: number;
}

/** A place the HTML editor is asked to select and bring into view (`nonce`: each ask is new, the same place again too). */
export type Reveal = Place & { nonce: number };

/** The ways an address may be written in the source for a DOM to read it as `target`. */
function spellings(target: string): string[] {
  const found = new Set([target, target.replace(/&/g, '&amp;')]);
  for (const spelling of [...found]) if (/^https:\/\//i.test(spelling)) found.add(spelling.slice('https:'.length));
  return [...found];
}

/** The tag (`<img …>`, `<a …>`) around the first place `target` is written inside one, as an attribute's value. */
function tagHolding(html: string, tag: 'img' | 'a', target: string): Place | null {
  for (const spelling of spellings(target)) {
    for (let at = html.indexOf(spelling); at !== -1; at = html.indexOf(spelling, at + 1)) {
      const open = html.lastIndexOf('<', at);
      const close = html.indexOf('>', at);
      if (open === -1 || close === -1 || html.lastIndexOf('>', at) > open) continue;
      if (!new RegExp(`^<${tag}\\b`, 'i').test(html.slice(open, open + tag.length + 2))) continue;
      // Its value, not any text of the tag: right after a quote or an `=`.
      if (!/["'=]/.test(html[at - 1] ?? '')) continue;
      return { from: open, to: close + 1 };
    }
  }
  return null;
}

/** A heading element (opening tag to closing tag) whose text starts with `target`. */
function headingHolding(html: string, target: string): Place | null {
  const headings = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi;
  const wanted = target.replace(/\s+/g, ' ').trim();
  for (let match = headings.exec(html); match; match = headings.exec(html)) {
    const text = textOfHtml(match[2]!).replace(/\s+/g, ' ');
    if (wanted && text.startsWith(wanted)) return { from: match.index, to: match.index + match[0].length };
  }
  return null;
}

export function checkPlace(html: string, item: Pick<CheckItem, 'kind' | 'target'>): Place | null {
  if (!item.target) return null;
  switch (item.kind) {
    case 'alt':
    case 'image':
      return tagHolding(html, 'img', item.target);
    case 'link':
      return tagHolding(html, 'a', item.target);
    case 'headings':
      return headingHolding(html, item.target);
    default:
      return null;
  }
}
