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

/** A text the HTML editor is asked to insert where its cursor is, as typed (an image of the library). */
export type Insertion = { text: string; nonce: number };

/** The ways an address may be written in the source for a DOM to read it as `target`. */
function spellings(target: string): string[] {
  const found = new Set([target, target.replace(/&/g, '&amp;')]);
  for (const spelling of [...found]) if (/^https:\/\//i.test(spelling)) found.add(spelling.slice('https:'.length));
  return [...found];
}

/**
 * The tags (`<img …>`, `<a …>`) where `target` is written as an attribute's value, in the order of
 * the HTML, those that `fits` keeps.
 */
function tagsHolding(html: string, tag: 'img' | 'a', target: string, fits: (tag: string) => boolean = () => true): Place[] {
  const places = new Map<number, Place>();
  for (const spelling of spellings(target)) {
    for (let at = html.indexOf(spelling); at !== -1; at = html.indexOf(spelling, at + 1)) {
      const open = html.lastIndexOf('<', at);
      const close = html.indexOf('>', at);
      if (open === -1 || close === -1 || html.lastIndexOf('>', at) > open) continue;
      if (!new RegExp(`^<${tag}\\b`, 'i').test(html.slice(open, open + tag.length + 2))) continue;
      // Its value, not any text of the tag: right after a quote or an `=`.
      if (!/["'=]/.test(html[at - 1] ?? '')) continue;
      if (fits(html.slice(open, close + 1))) places.set(open, { from: open, to: close + 1 });
    }
  }
  return [...places.values()].sort((a, b) => a.from - b.from);
}

/** A tag without an alt attribute (`alt=""` marks decoration, and passes the checks). */
const withoutAlt = (tag: string) => !/\salt(\s*=|[\s/>])/i.test(tag);

/** The heading elements (opening tag to closing tag) whose text starts with `target`, in order. */
function headingsHolding(html: string, target: string): Place[] {
  const headings = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi;
  const wanted = target.replace(/\s+/g, ' ').trim();
  const places: Place[] = [];
  for (let match = headings.exec(html); match; match = headings.exec(html)) {
    const text = textOfHtml(match[2]!).replace(/\s+/g, ' ');
    if (wanted && text.startsWith(wanted)) places.push({ from: match.index, to: match.index + match[0].length });
  }
  return places;
}

/**
 * The place of an item: `nth` counts the items before it of the same kind and target (two images
 * without alt text at one address are two items, each with its own tag).
 */
export function checkPlace(html: string, item: Pick<CheckItem, 'kind' | 'target'>, nth = 0): Place | null {
  if (!item.target) return null;
  const places = (() => {
    switch (item.kind) {
      case 'alt':
        return tagsHolding(html, 'img', item.target, withoutAlt);
      case 'image':
        return tagsHolding(html, 'img', item.target);
      case 'link':
        return tagsHolding(html, 'a', item.target);
      case 'headings':
        return headingsHolding(html, item.target);
      default:
        return [];
    }
  })();
  return places[nth] ?? null;
}

/** Each item's `nth` for checkPlace: how many items before it have its kind and target. */
export function placeOrdinals<T extends Pick<CheckItem, 'kind' | 'target'>>(items: readonly T[]): Map<T, number> {
  const seen = new Map<string, number>();
  return new Map(
    items.map((item) => {
      const key = `${item.kind}\n${item.target}`;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      return [item, nth];
    }),
  );
}

/** A value written inside double quotes of an HTML attribute. */
export const attributeValue = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The HTML with `alt` written into the image tag at `place` (an item's, from checkPlace: a tag
 * without alt text), and where that tag now is; null when the place holds no such tag any more.
 */
export function withAltText(html: string, place: Place, alt: string): { html: string; place: Place } | null {
  const tag = html.slice(place.from, place.to);
  if (!/^<img\b/i.test(tag) || !withoutAlt(tag)) return null;
  const written = tag.replace(/^<img\b/i, `<img alt="${attributeValue(alt)}"`);
  return { html: html.slice(0, place.from) + written + html.slice(place.to), place: { from: place.from, to: place.from + written.length } };
}
