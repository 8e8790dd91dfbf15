/**
 * Our rules on top of the extractor (server/scrape/extract.ts): what Readability keeps of a page
 * that is not the article. Each rule holds on any site (no site's name or markup in it) and is
 * kept only while it raises F1 on one half of the development set without lowering it on the
 * other (`BENCH_ABLATE=1 npm run bench:extract` prints F1 without each rule).
 *
 * They run on Readability's result with its classes kept, before cleaning drops every attribute.
 */

import { createHash } from 'node:crypto';

export interface RuleContext {
  /** The article's title (a line repeating it inside the body goes). */
  title: string;
}

export interface Rule {
  name: string;
  /** What the rule does to the article; a line rule (LINE_RULES) has none of its own: applyRules runs them in one pass. */
  apply?: (root: Element, context: RuleContext) => void;
}

const WORD = /[\p{L}\p{N}_]+/gu;
/** Words, each Chinese or Japanese character counted as one (those scripts put no space between words). */
const COUNTED_WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{P}\p{S}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
export const wordCount = (s: string) => s.match(COUNTED_WORD)?.length ?? 0;
const normalised = (s: string) => (s.match(WORD) ?? []).join(' ').toLowerCase();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
const classAndId = (el: Element) => `${el.getAttribute('class') ?? ''} ${el.id}`;
const isHeading = (el: Element) => /^h[1-6]$/.test(el.localName);
/** Ends as a sentence does (a link line that reads as a sentence is the story's). */
const SENTENCE_END = /[.!?"”»]$/;

/** How much of an element's text is in links (0 to 1). */
export function linkDensity(el: Element): number {
  const text = textOf(el).length;
  if (!text) return 0;
  let inLinks = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) inLinks += textOf(a).length;
  return Math.min(1, inLinks / text);
}

/** Elements, deepest first, still in `root` when reached (an earlier rule may have removed an ancestor). */
function* deepestFirst(root: Element, selector: string): Generator<Element> {
  for (const el of Array.from(root.querySelectorAll(selector)).reverse()) if (root.contains(el)) yield el;
}

function replaceWithCaption(el: Element): Element {
  const caption = el.ownerDocument.createElement('figcaption');
  caption.append(...Array.from(el.childNodes));
  el.replaceWith(caption);
  return caption;
}

/** Roles of the page's own furniture. */
const FURNITURE = 'nav, [role="navigation"], [role="menu"], [role="menubar"], [role="banner"], [role="contentinfo"], [hidden], [aria-hidden="true"]';
/** Class or id of a line of who and when. */
const WHO_AND_WHEN =
  /(^|[-_\s])(byline|by-line|authors?|dateline|timestamp|dates?|posted|published|updated|pubdate|meta|entry-meta|post-meta|article-meta)($|[-_\s])/i;
/** Class or id of a box that is not the story: sharing, signing up, related, tags, comments, ads. */
const NOT_THE_STORY =
  /(^|[-_\s])(share|sharing|social|newsletter|subscribe|subscription|signup|sign-up|related|recommended|promo|breadcrumbs?|tags|tag-list|comments?|advert|advertisement|ads?|sponsor|sponsored|cookie|popup|modal|print-header|toolbar|skip-link|screen-reader-text|sr-only|visually-hidden)($|[-_\s])/i;
/** Class or id of a caption or a photo credit. */
const CAPTION = /(^|[-_\s])(caption|wp-caption-text|credit|photo-?credit|image-?credit|media-?credit)s?($|[-_\s])/i;

/** Blocks whose text the line rules judge (the deepest that hold a line). */
const LINES = 'p, div, li, h1, h2, h3, h4, h5, h6, section, header, footer, address, dd, dt';
/** A line that starts as a byline, a dateline or a credit does. */
const BYLINE =
  /^(by\s|updated\b|posted\b|published\b|last updated\b|(\|\s*)?(updated|published)\s*:|photo\s*:|image\s*:|credit\s*:|\(?image\s*:|©|copyright\b|\(photo\b)/i;
/** A time or a date in a line (11:04 PM, 11/18/19, Nov 19, 2019-11-19, 3 hours ago). */
const DATE =
  /\b(\d{1,2}[:.]\d{2}\s*(am|pm|a\.m\.|p\.m\.)?|\d{1,2}\/\d{1,2}\/\d{2,4}|(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}|\d{4}-\d{2}-\d{2}|\d+\s+(minutes?|hours?|days?)\s+ago)\b/i;

/** A line rule: whether the line goes. */
type LineRule = (line: { el: Element; text: string; words: number }, context: RuleContext) => boolean;

const LINE_RULES: Record<string, LineRule> = {
  /** The title again inside the body. */
  'title again': ({ text }, { title }) => normalised(text) === normalised(title) && title.trim() !== '',
  /** Who and when: a short line that starts as a byline does, or that is mostly a date. */
  bylines: ({ el, text, words }) =>
    // A quotation's attribution ("— Name (@name) November 18, 2019" under an embedded post) is the story's.
    words <= 15 && !el.closest('blockquote') && (BYLINE.test(text) || (words <= 10 && DATE.test(text) && !SENTENCE_END.test(text))),
  /** A short line that is mostly a link and does not read as a sentence ("Related: …", "Read more"). */
  'link lines': ({ el, text, words }) =>
    words <= 40 && el.querySelector('a') !== null && !el.querySelector('p, li') && !SENTENCE_END.test(text) && linkDensity(el) >= 0.6,
};

export const RULES: readonly Rule[] = [
  {
    // What the page names as furniture (menus, hidden parts) or by a class as not the story.
    name: 'named boxes',
    apply(root) {
      for (const el of Array.from(root.querySelectorAll(FURNITURE))) el.remove();
      for (const el of deepestFirst(root, '[class], [id]')) {
        if (el.localName === 'img' || el.localName === 'figcaption') continue;
        // The name first: reading the text of every element would cost the square of the page.
        const name = classAndId(el);
        const whoAndWhen = WHO_AND_WHEN.test(name);
        const notTheStory = NOT_THE_STORY.test(name);
        if (!whoAndWhen && !notTheStory) continue;
        const words = wordCount(textOf(el));
        if ((whoAndWhen && words <= 25) || (notTheStory && words <= 60 && !el.querySelector('p'))) el.remove();
      }
    },
  },
  {
    // A short text right after an image, alone with it in its wrapper: the image's caption.
    name: 'image captions',
    apply(root) {
      for (const img of Array.from(root.querySelectorAll('img'))) {
        // The image, or its wrapper holding nothing but it (a link, a picture, a span).
        let image: Element = img;
        while (image.parentElement && image.parentElement !== root && !textOf(image.parentElement) && image.parentElement.querySelectorAll('img').length === 1) {
          image = image.parentElement;
        }
        const next = image.nextElementSibling;
        if (!next || next.localName === 'figcaption' || next.querySelector('img, figcaption') || isHeading(next)) continue;
        const text = textOf(next);
        const words = wordCount(text);
        const wrapper = image.parentElement;
        // A quotation beside a picture (a review with its photo) is the story's.
        if (!words || words > 40 || !wrapper || wrapper === root || wrapper.closest('blockquote') || textOf(wrapper) !== text) continue;
        replaceWithCaption(next);
      }
    },
  },
  {
    // A caption by its class becomes a figcaption: kept in the HTML as one, out of the text.
    name: 'captions',
    apply(root) {
      for (const el of Array.from(root.querySelectorAll('[class], [id]'))) {
        if (el.localName === 'figcaption' || !root.contains(el) || el.closest('figcaption') || !CAPTION.test(classAndId(el))) continue;
        // A caption is a line or two, never a wrapper of the story's paragraphs.
        if (el.querySelector('p, li, h1, h2, h3, h4, h5, h6, figure, img') || wordCount(textOf(el)) > 60) continue;
        replaceWithCaption(el);
      }
    },
  },
  ...Object.keys(LINE_RULES).map((name): Rule => ({ name })),
];

/** Applies every rule but those named in `without`, in order (the line rules in one pass over the lines). */
export function applyRules(root: Element, context: RuleContext, without: ReadonlySet<string> = new Set()) {
  for (const rule of RULES) if (rule.apply && !without.has(rule.name)) rule.apply(root, context);
  const lineRules = Object.entries(LINE_RULES).filter(([name]) => !without.has(name));
  if (!lineRules.length) return;
  for (const el of deepestFirst(root, LINES)) {
    const text = textOf(el);
    if (!text) continue;
    const line = { el, text, words: wordCount(text) };
    if (lineRules.some(([, drops]) => drops(line, context))) el.remove();
  }
}

/**
 * Blocks a site repeats on its pages (a newsletter pitch, a disclaimer, "This story was updated"
 * inside the story's body), told apart by comparing the page with the site's other articles: a
 * paragraph of at least REPEATED_BLOCK_MIN_WORDS words found in REPEATED_BLOCK_PAGES of them is
 * not this page's story. Shorter ones ("Read more.") are left to the rules above.
 */
export const REPEATED_BLOCK_MIN_WORDS = 6;
export const REPEATED_BLOCK_PAGES = 3;
/** The site's other articles a scrape compares with: its newest ones. */
export const REPEATED_BLOCK_ARTICLES = 20;

/** A paragraph's key among a site's pages: the hash of its words, lower case; null when it is shorter than REPEATED_BLOCK_MIN_WORDS. */
export function blockKey(text: string): string | null {
  const words = normalised(text);
  return wordCount(words) >= REPEATED_BLOCK_MIN_WORDS ? createHash('sha1').update(words).digest('base64url') : null;
}

/** The paragraphs (raw text blocks) found in at least REPEATED_BLOCK_PAGES of `texts`. */
export function repeatedBlocks(texts: readonly string[]): Set<string> {
  const pages = new Map<string, number>();
  for (const text of texts) {
    const keys = new Set(text.split(/\n\s*\n/).map(blockKey).filter((key): key is string => key !== null));
    for (const key of keys) pages.set(key, (pages.get(key) ?? 0) + 1);
  }
  return new Set([...pages].filter(([, n]) => n >= REPEATED_BLOCK_PAGES).map(([key]) => key));
}

/** Removes the paragraphs of `root` that the site repeats; answers how many went. */
export function dropRepeatedBlocks(root: Element, repeated: ReadonlySet<string>): number {
  if (repeated.size === 0) return 0;
  let dropped = 0;
  for (const p of Array.from(root.querySelectorAll('p'))) {
    const key = blockKey(p.textContent ?? '');
    if (key !== null && repeated.has(key)) {
      p.remove();
      dropped++;
    }
  }
  return dropped;
}
