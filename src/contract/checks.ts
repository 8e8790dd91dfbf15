/**
 * What an editor checks before publishing, read from an article's saved blog HTML: a title, alt
 * text on every image, headings that do not skip a level, and how long it is to read.
 *
 * - `POST /articles/:id/checks` (any role that may read the article): runs them on the saved
 *   article (in the server's worker pool), keeps the result and answers `{ data: ArticleChecks }`.
 * - `GET /articles/:id/checks`: the last result kept, `{ data: ArticleChecks | null, stale }`
 *   (null before any run; `stale` when the title or HTML changed after it, or when the answering
 *   process has the article's run waiting or under way: a new article's first run too).
 *   The server runs them by itself when an article is created or scraped and when its title or
 *   blog HTML changes (off the request thread, one article after the other), so the list's
 *   `?attention=true` (src/contract/index.ts) finds the articles with something to fix.
 *
 * `checkArticle` is the one rule, over an `HtmlOutline` of the parsed HTML: the server's from
 * parse5 (server/articles/checks.ts: the HTML parser jsdom uses, without jsdom's DOM, a tenth of
 * its memory in each worker), the stories' mocks' from the browser's DOMParser
 * (`outlineOfDocument`). Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

/** What a check is about (`link` and `image`: whether an address of another site answers). */
export const checkKindSchema = z.enum(['title', 'alt', 'headings', 'link', 'image']);
export type CheckKind = z.infer<typeof checkKindSchema>;

export const checkItemSchema = z.object({
  kind: checkKindSchema,
  ok: z.boolean(),
  /** What it is about: an image's address, a heading's text; empty for the whole article. */
  target: z.string(),
  /** What was found, in a sentence. */
  detail: z.string(),
  /**
   * An image of the file library without alt text here: the alt text the file has, as the
   * server reads it when it answers (the console offers to write it in).
   */
  fileAlt: z.string().optional(),
});
export type CheckItem = z.infer<typeof checkItemSchema>;

export const articleChecksSchema = z.object({
  checkedAt: z.string(),
  wordCount: z.number().int().nonnegative(),
  readingMinutes: z.number().int().nonnegative(),
  items: z.array(checkItemSchema),
});
export type ArticleChecks = z.infer<typeof articleChecksSchema>;

export const articleChecksResultSchema = z.object({ data: articleChecksSchema });

export const keptArticleChecksResultSchema = z.object({
  data: articleChecksSchema.nullable(),
  /** The article was saved after the result: its own run is queued or running (or failed). */
  stale: z.boolean(),
});
export type KeptArticleChecksResult = z.infer<typeof keptArticleChecksResultSchema>;

/** How many items of a result are to fix. */
export const failingItems = (checks: Pick<ArticleChecks, 'items'>) => checks.items.filter((item) => !item.ok).length;

/** Words an adult reads a minute (Ghost's figure). */
export const WORDS_PER_MINUTE = 275;

/** Seconds an image adds to the reading time: 12 for the first, one less for each next, 3 from the tenth (Ghost's rule). */
export function imageSeconds(images: number): number {
  let seconds = 0;
  for (let i = 0; i < images; i++) seconds += Math.max(3, 12 - i);
  return seconds;
}

/** How many words a text has: runs of letters or digits (an apostrophe or a hyphen inside keeps a word whole). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

export const checkTexts = {
  titleMissing: 'The article has no title: a search result would show its address instead.',
  titleOk: 'The article has a title.',
  altMissing: 'This image has no alt text: a screen reader cannot say what it shows.',
  altOk: (images: number) => (images === 0 ? 'The HTML has no images.' : images === 1 ? 'The image has alt text.' : `All ${images} images have alt text.`),
  headingSkipped: (from: number, to: number) => `A level is skipped: h${to} follows h${from}.`,
  headingsOk: 'The headings do not skip a level.',
  linksOk: (n: number) => (n === 0 ? 'The HTML links to no other site.' : n === 1 ? 'The link answers.' : `All ${n} links answer.`),
  imagesOk: (n: number) =>
    n === 0 ? 'The HTML shows no image from another site.' : n === 1 ? 'The image from another site answers.' : `All ${n} images from other sites answer.`,
  status: (status: number) => `It answered with status ${status}.`,
  notChecked: 'Not checked: a private, loopback or link-local address is never fetched.',
  /** '12 images were not checked: …'. */
  notReached: (n: number, kind: 'link' | 'image', max: number) =>
    `${n} ${kind === 'link' ? (n === 1 ? 'link was' : 'links were') : n === 1 ? 'image was' : 'images were'} not checked: a run checks the first ${max} addresses.`,
};

/** How much of an address or a heading an item carries (a data: image would be megabytes). */
const TARGET_CHARS = 200;
const targetOf = (text: string) => text.trim().slice(0, TARGET_CHARS);

/** How many addresses (links and images together) one run checks at most. */
export const MAX_CHECKED_ADDRESSES = 200;

/** An address of another site, as a run found it: whether it answered, and what happened. */
export interface AddressCheck {
  url: string;
  ok: boolean;
  detail: string;
}

/** An element of the body, as the checks read it. */
export interface OutlineElement {
  /** Its tag name in lower case (`h2`, `img`). */
  tag: string;
  /** An attribute's value by its name (as `getAttribute`), null when it has none. */
  attribute(name: string): string | null;
  /** The text inside it (as `textContent`). */
  text(): string;
}

/**
 * What the checks read of an article's HTML parsed as a page's body (`<!doctype html><body>…`,
 * scripting off, as jsdom and DOMParser parse): its elements and its text nodes, in document
 * order. A template's content is not part of it (it is not in the page).
 */
export interface HtmlOutline {
  elements: OutlineElement[];
  /** Each text node's text, with its parent element's tag name in lower case. */
  texts: { text: string; parent: string }[];
}

/** NodeFilter.SHOW_TEXT (NodeFilter itself is the window's, not a global everywhere). */
const SHOW_TEXT = 4;

/** The outline of a DOM document's body (the browser's DOMParser, jsdom). */
export function outlineOfDocument(document: Document): HtmlOutline {
  const elements = Array.from(document.body.querySelectorAll('*'), (element) => ({
    tag: element.tagName.toLowerCase(),
    attribute: (name: string) => element.getAttribute(name),
    text: () => element.textContent ?? '',
  }));
  const texts: HtmlOutline['texts'] = [];
  const walker = document.createTreeWalker(document.body, SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    texts.push({ text: node.textContent ?? '', parent: node.parentElement?.tagName.toLowerCase() ?? '' });
  }
  return { elements, texts };
}

const named = (outline: HtmlOutline, ...tags: string[]) => outline.elements.filter((element) => tags.includes(element.tag));

/**
 * The absolute http(s) addresses the HTML links to and shows images from, each once, in order
 * (a protocol-relative one, `//cdn.example/x.png`, as https).
 */
export function addressesOf(outline: HtmlOutline): { links: string[]; images: string[] } {
  const absolute = (values: (string | null)[]) => {
    const found = values
      .map((value) => value?.trim() ?? '')
      .map((value) => (value.startsWith('//') ? `https:${value}` : value))
      .filter((value) => /^https?:\/\//i.test(value));
    return [...new Set(found)];
  };
  return {
    links: absolute(named(outline, 'a').map((a) => a.attribute('href'))),
    images: absolute(named(outline, 'img').map((img) => img.attribute('src'))),
  };
}

/**
 * The link and image items of a run (`checked`: what the run found, at most
 * MAX_CHECKED_ADDRESSES): one failing item per address that did not answer (or was not checked),
 * else one passing item per kind; and, for a kind some of whose addresses were past the cap, a
 * failing item saying how many.
 */
export function addressItems(addresses: { links: string[]; images: string[] }, checked: Map<string, AddressCheck>): CheckItem[] {
  const items: CheckItem[] = [];
  for (const kind of ['link', 'image'] as const) {
    const list = kind === 'link' ? addresses.links : addresses.images;
    const failing = list.map((url) => checked.get(url)).filter((found): found is AddressCheck => !!found && !found.ok);
    const seen = list.filter((url) => checked.has(url)).length;
    if (failing.length) items.push(...failing.map((found) => ({ kind, ok: false, target: targetOf(found.url), detail: found.detail })));
    // Counted among the checked ones; none checked of several says nothing passed.
    else if (seen > 0 || list.length === 0) {
      items.push({ kind, ok: true, target: '', detail: kind === 'link' ? checkTexts.linksOk(seen) : checkTexts.imagesOk(seen) });
    }
    if (seen < list.length) items.push({ kind, ok: false, target: '', detail: checkTexts.notReached(list.length - seen, kind, MAX_CHECKED_ADDRESSES) });
  }
  return items;
}

/** The words of the body, counted per text node: blocks' texts do not run into each other. */
function bodyWords(outline: HtmlOutline): number {
  let words = 0;
  for (const { text, parent } of outline.texts) {
    // Code is not read: a script's, a style's or a template's text.
    if (/^(script|style|template|noscript)$/.test(parent)) continue;
    words += countWords(text);
  }
  return words;
}

/**
 * The checks of an article's HTML (`outline`: the blog HTML parsed) and title. Each kind
 * answers one passing item, or one failing item per place it fails.
 */
export function checkArticle(outline: HtmlOutline, title: string | null, checkedAt: Date): ArticleChecks {
  const items: CheckItem[] = [];
  items.push(title?.trim() ? { kind: 'title', ok: true, target: '', detail: checkTexts.titleOk } : { kind: 'title', ok: false, target: '', detail: checkTexts.titleMissing });

  const images = named(outline, 'img');
  // alt="" marks an image as decoration: said on purpose, so it passes.
  const withoutAlt = images.filter((img) => img.attribute('alt') === null);
  if (withoutAlt.length) for (const img of withoutAlt) items.push({ kind: 'alt', ok: false, target: targetOf(img.attribute('src') ?? ''), detail: checkTexts.altMissing });
  else items.push({ kind: 'alt', ok: true, target: '', detail: checkTexts.altOk(images.length) });

  const skips: CheckItem[] = [];
  let previous = 0;
  for (const heading of named(outline, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6')) {
    const level = Number(heading.tag.slice(1));
    // The first heading may start at any level (the page's own title is above it).
    if (previous && level > previous + 1) {
      skips.push({ kind: 'headings', ok: false, target: targetOf(heading.text()), detail: checkTexts.headingSkipped(previous, level) });
    }
    previous = level;
  }
  items.push(...(skips.length ? skips : [{ kind: 'headings' as const, ok: true, target: '', detail: checkTexts.headingsOk }]));

  const wordCount = bodyWords(outline);
  const seconds = (wordCount / WORDS_PER_MINUTE) * 60 + imageSeconds(images.length);
  return {
    checkedAt: checkedAt.toISOString(),
    wordCount,
    readingMinutes: wordCount === 0 && images.length === 0 ? 0 : Math.max(1, Math.round(seconds / 60)),
    items,
  };
}
