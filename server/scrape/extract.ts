/**
 * Turns a fetched page into an article an editor can publish from: @mozilla/readability finds
 * the article on a script-less jsdom; the body is then cleaned (the extractor's wrapper divs,
 * ids, classes and empty elements gone, lazy images resolved, links and images absolute) and
 * sanitised with DOMPurify; the raw text keeps its block structure (paragraphs, headings and
 * list items separated by blank lines). Runs in a worker (see server/workers), never on the
 * request thread: jsdom on a large page takes seconds.
 */
import { Readability } from '@mozilla/readability';
import createDOMPurify from 'dompurify';
import { JSDOM, VirtualConsole } from 'jsdom';
import { apiError } from '../errors.ts';
import { applyRules, dropRepeatedBlocks, linkDensity, repeatedBlocks } from './boilerplate.ts';
import { siteRuleMessages, type ExtractionQuality, type SiteRuleMatches, type SiteRules } from '../../src/contract/index.ts';
import { extractionQuality, MIN_ARTICLE_PROSE_WORDS, proseWordCount } from './quality.ts';
import type { FetchedPage } from '../shared/safe-fetch.ts';

export interface ExtractedArticle {
  /** The address the page was finally read from (after redirects). */
  url: string;
  title: string;
  /** The readable text, blocks separated by blank lines. */
  text: string;
  /** The clean, sanitised article HTML. */
  html: string;
  /**
   * The article's HTML as the extractor found it, before cleaning (sanitised with DOMPurify's
   * defaults, so it can be shown): what the history puts beside the blog HTML, to see what the
   * cleaning dropped or added. Null when longer than MAX_SOURCE_HTML_CHARS.
   */
  sourceHtml: string | null;
  /** The absolute http(s) addresses of the article's images, in order, without repeats. */
  images: string[];
  /** How sure the extraction is (server/scrape/quality.ts). */
  quality: ExtractionQuality;
  /** The answer's status and validators (an article's provenance). */
  fetched: { status: number; etag: string | null; lastModified: string | null };
  /** With a site's rules: how many elements each of their selectors matched on the page. */
  matched?: SiteRuleMatches;
  /**
   * With the site's other articles: the paragraphs found repeated among them (as their keys, to
   * be remembered for the site), and how many of this page's went for it.
   */
  repeated?: { keys: string[]; dropped: number };
}

/** The longest source HTML kept for the history (as long as a blog HTML may be). */
export const MAX_SOURCE_HTML_CHARS = 2_000_000;

const { window: sanitiserWindow } = new JSDOM('');
const purify = createDOMPurify(sanitiserWindow as unknown as Parameters<typeof createDOMPurify>[0]);

/** What an article body may keep: structure and meaning, nothing of the source's styling. */
const PURIFY_OPTIONS = {
  ALLOWED_TAGS: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'dfn', 'dl', 'dt', 'em',
    'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark',
    'ol', 'p', 'pre', 'q', 's', 'samp', 'small', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th',
    'thead', 'time', 'tr', 'u', 'ul', 'var',
  ],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'scope', 'start', 'reversed', 'datetime', 'cite'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
};

/** Attributes an element keeps after cleaning (everything else from the source goes). */
const KEEP_ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start', 'reversed'],
  time: ['datetime'],
  abbr: ['title'],
  blockquote: ['cite'],
  q: ['cite'],
};

/** Wrappers without meaning: unwrapped, or turned into a paragraph when they hold only inline content. */
const WRAPPERS = new Set(['div', 'section', 'article', 'main', 'header', 'footer', 'aside', 'center', 'font', 'span', 'nav', 'details', 'summary']);
const INLINE_WRAPPERS = new Set(['span', 'font']);

/** Elements that start a new block of text. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'table', 'tr', 'ul',
]);
/** Elements that count as content even without text. */
const CONTENT_WITHOUT_TEXT = new Set(['img', 'br', 'hr', 'td', 'th']);

const LAZY_SRC_ATTRS = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src'];
const LAZY_SRCSET_ATTRS = ['data-srcset', 'data-lazy-srcset', 'srcset'];

/** A `src` that is a placeholder (a data: pixel, a spinner), not the real picture. */
const isPlaceholder = (src: string | null) => !src || /^data:/i.test(src.trim()) || /^about:blank$/i.test(src.trim());

/** The largest candidate of a srcset ("a.jpg 480w, b.jpg 1080w" → "b.jpg"). */
export function largestCandidate(srcset: string): string | undefined {
  let best: { url: string; size: number } | undefined;
  for (const candidate of srcset.split(/,\s+(?=\S)/)) {
    const [url, descriptor = '1x'] = candidate.trim().split(/\s+/);
    if (!url || /^data:/i.test(url)) continue;
    const size = parseFloat(descriptor) * (descriptor.endsWith('x') ? 1000 : 1);
    if (!best || size > best.size) best = { url, size: Number.isFinite(size) ? size : 0 };
  }
  return best?.url;
}

function absolute(value: string | null, base: string): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** Gives every lazily loaded image its real `src`, before the extractor judges the page. */
function resolveLazyImages(doc: Document, base: string) {
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    let src = img.getAttribute('src');
    if (isPlaceholder(src)) {
      const fromAttr = LAZY_SRC_ATTRS.map((a) => img.getAttribute(a)).find((v) => v && !isPlaceholder(v));
      const fromSet = LAZY_SRCSET_ATTRS.map((a) => img.getAttribute(a)).find(Boolean);
      const fromPicture = Array.from(img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelectorAll('source') : [])
        .map((s) => s.getAttribute('srcset') ?? s.getAttribute('data-srcset'))
        .find(Boolean);
      src = fromAttr ?? (fromSet ? largestCandidate(fromSet) : undefined) ?? (fromPicture ? largestCandidate(fromPicture) : undefined) ?? null;
      // A lazy image often has its real markup in a <noscript> right after it (parsed as elements,
      // as scripts never run here; as text by a parser that runs them). Taken, the <noscript> goes:
      // left, the extractor would put its image in place of the image before it.
      const noscript = img.nextElementSibling;
      if (!src && noscript?.tagName === 'NOSCRIPT') {
        src = noscript.querySelector('img[src]')?.getAttribute('src') ?? /<img[^>]+src=["']([^"']+)["']/i.exec(noscript.textContent ?? '')?.[1] ?? null;
        if (src) noscript.remove();
      }
    }
    const url = absolute(src, base);
    if (url) img.setAttribute('src', url);
    else img.remove();
  }
  // <picture> keeps only its <img>: the sources would hot-link to the original site.
  for (const picture of Array.from(doc.querySelectorAll('picture'))) {
    const img = picture.querySelector('img');
    if (img) picture.replaceWith(img);
    else picture.remove();
  }
}

/** Gone with their content: code, embeds, forms and media an article body cannot keep. */
const DROP = new Set([
  'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'input', 'button', 'select',
  'textarea', 'canvas', 'video', 'audio', 'link', 'meta',
]);

/** What cleaning made of a node: the nodes that take its place, and whether there is content among them. */
interface Cleaned {
  nodes: Node[];
  content: boolean;
}
const NOTHING: Cleaned = { nodes: [], content: false };

/**
 * The extractor's HTML cleaned (see the module comment), as a new element in `root`'s place: a
 * copy of `root` with its inside cleaned. Built afresh rather than changed in place: in jsdom,
 * each node put into a parent whose list of children a script has read (the extractor's and the
 * sanitiser's walks do) makes that list again, so unwrapping a wrapper of 8,000 paragraphs in
 * place took over a minute; appending to new elements costs the same at any size.
 */
function cleanBody(root: Element, base: string): Element {
  const doc = root.ownerDocument;
  const clean = (node: Node): Cleaned => {
    if (node.nodeType === 3 /* TEXT_NODE */) return { nodes: [doc.createTextNode(node.nodeValue ?? '')], content: /\S/.test(node.nodeValue ?? '') };
    // Comments go, as does anything else that is not an element.
    if (node.nodeType !== 1 /* ELEMENT_NODE */) return NOTHING;
    const el = node as Element;
    const tag = el.localName;
    if (DROP.has(tag)) return NOTHING;
    // Deepest first, so an element is judged after its inside was cleaned.
    const inside: Node[] = [];
    let content = CONTENT_WITHOUT_TEXT.has(tag);
    for (let child = el.firstChild; child; child = child.nextSibling) {
      const cleaned = clean(child);
      for (const n of cleaned.nodes) inside.push(n);
      content ||= cleaned.content;
    }
    let src: string | undefined;
    if (tag === 'img') {
      src = absolute(el.getAttribute('src'), base);
      if (!src || !/^https?:/i.test(src)) return NOTHING;
    }
    if (!content) return NOTHING;
    if (WRAPPERS.has(tag)) {
      // A wrapper goes; one of inline content only becomes the paragraph it stands for.
      const inlineOnly = inside.every((n) => n.nodeType !== 1 || !BLOCKS.has((n as Element).localName));
      if (INLINE_WRAPPERS.has(tag) || !inlineOnly) return { nodes: inside, content };
      const p = doc.createElement('p');
      for (const n of inside) p.appendChild(n);
      return { nodes: [p], content };
    }
    const copy = el.cloneNode(false) as Element;
    // Its own entries only: a tag named like an Object's property ("constructor") keeps nothing.
    const keep = Object.hasOwn(KEEP_ATTRS, tag) ? KEEP_ATTRS[tag]! : [];
    for (const attr of Array.from(copy.attributes)) if (!keep.includes(attr.name)) copy.removeAttribute(attr.name);
    if (tag === 'a') {
      const href = absolute(el.getAttribute('href'), base);
      if (href) copy.setAttribute('href', href);
      else copy.removeAttribute('href');
    }
    if (src) copy.setAttribute('src', src);
    for (const n of inside) copy.appendChild(n);
    return { nodes: [copy], content };
  };
  const cleaned = root.cloneNode(false) as Element;
  for (let child = root.firstChild; child; child = child.nextSibling) for (const n of clean(child).nodes) cleaned.appendChild(n);
  root.replaceWith(cleaned);
  return cleaned;
}

/** Text of an element, one block per paragraph, heading or list item, blank lines between. */
export function blockText(root: Element, { skip }: { skip?: ReadonlySet<string> } = {}): string {
  const blocks: string[] = [];
  let current = '';
  const flush = () => {
    const text = current
      .split('\n')
      .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
    if (text) blocks.push(text);
    current = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      current += (node.nodeValue ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.localName;
    if (skip?.has(tag)) return;
    if (tag === 'br') {
      current += '\n';
      return;
    }
    if (tag === 'pre') {
      flush();
      const text = (el.textContent ?? '').replace(/\s+$/, '');
      if (text.trim()) blocks.push(text);
      return;
    }
    const isBlock = BLOCKS.has(tag);
    if (isBlock) flush();
    if (tag === 'li') current += '- ';
    // Cells of a row stay on one line: "Size | Price".
    if ((tag === 'td' || tag === 'th') && current.trim()) current += ' | ';
    // Walked through siblings: reading `childNodes` would leave each element a live list that
    // jsdom makes again at every later change of its children (the extractor's, after this walk).
    for (let child = el.firstChild; child; child = child.nextSibling) walk(child);
    if (isBlock) flush();
  };
  walk(root);
  flush();
  return blocks.join('\n\n');
}

/** The absolute http(s) addresses of the images in `root`, in order, without repeats. */
function imageUrls(root: Element): string[] {
  return [...new Set(Array.from(root.querySelectorAll('img[src]'), (img) => img.getAttribute('src')!))].filter((src) =>
    /^https?:\/\//i.test(src),
  );
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sanitiseArticleHtml(html: string): string {
  return purify.sanitize(html, PURIFY_OPTIONS);
}

const CAPTIONS = new Set(['figcaption']);

/** Ignored when reading a page's own article text: code and what never shows. */
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg']);

/**
 * The page's own word on its article text, to compare the extraction with: its schema.org
 * `articleBody`, or the text of its one `[itemprop=articleBody]` or `<article>` element. Null
 * when it gives none.
 */
function secondOpinion(doc: Document): string | null {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    const body = findArticleBody(data, 0);
    if (body) return body;
  }
  const marked = doc.querySelectorAll('[itemprop="articleBody"]');
  const articles = doc.querySelectorAll('article');
  const element = marked.length === 1 ? marked[0] : articles.length === 1 ? articles[0] : undefined;
  return element ? blockText(element, { skip: NOT_TEXT }) : null;
}

function findArticleBody(data: unknown, depth: number): string | null {
  if (!data || typeof data !== 'object' || depth > 4) return null;
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = findArticleBody(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = data as Record<string, unknown>;
  if (typeof record.articleBody === 'string' && record.articleBody.trim()) return record.articleBody;
  return findArticleBody(record['@graph'], depth + 1);
}

/**
 * The deepest nesting a page may have: the parser and the extractor take time that grows faster
 * than the depth (a page of 1,000 nested elements takes the extractor about a minute), and real
 * pages nest some tens deep.
 */
export const MAX_NESTING = 256;

/** Elements without an end tag, or whose end tag a page may leave out: not counted as nesting. */
const NOT_NESTING = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'optgroup', 'tbody', 'thead', 'tfoot', 'colgroup', 'rb', 'rt', 'rp',
  'html', 'head', 'body', '!doctype',
]);

/** Whether the page's markup nests deeper than `limit` (read from its tags, before any parse). */
export function nestsDeeperThan(html: string, limit: number): boolean {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|textarea|template)\b[\s\S]*?<\/\1\s*>/gi, '');
  let depth = 0;
  for (const [, close, name, selfClosing] of markup.matchAll(/<(\/?)([a-z][a-z0-9-]*)\b[^>]*?(\/?)>/gi)) {
    if (NOT_NESTING.has(name!.toLowerCase()) || selfClosing) continue;
    depth = close ? Math.max(0, depth - 1) : depth + 1;
    if (depth > limit) return true;
  }
  return false;
}

/**
 * The article Readability finds in `doc`: its title and its HTML. Only the HTML is kept, and the
 * rest of the page goes: a page of 5 MB was held several times over, past a worker's heap.
 */
function readableArticle(doc: Document): { title: string; found: Element } {
  const parsed = new Readability<Element>(doc, { serializer: (el) => el as Element, keepClasses: true }).parse();
  if (!parsed?.content) throw apiError('no_article');
  const found = freshCopy(parsed.content);
  parsed.content.replaceChildren();
  doc.documentElement?.replaceChildren();
  return { title: (parsed.title ?? '').replace(/\s+/g, ' ').trim(), found };
}

/**
 * The article worked on as a fresh copy (a div without attributes), not the extractor's element:
 * that carries live collections (`children`) that jsdom brings up to date at every move of a
 * child, at a cost in the number of children, so that cleaning a body of 10,000 paragraphs took
 * minutes. A copy of the nodes, not a serialisation parsed again: half the time.
 */
function freshCopy(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  for (const attr of Array.from(copy.attributes)) copy.removeAttribute(attr.name);
  return copy;
}

export interface ExtractOptions {
  /** Rules of server/scrape/boilerplate.ts left out (to measure what each one brings). */
  without?: ReadonlySet<string>;
  /** The rules of the page's site (src/contract/siteRules.ts). */
  site?: SiteRules;
  /**
   * The site's other articles: the raw texts of its newest ones, and the paragraphs known to be
   * repeated on it (server/scrape/boilerplate.ts `repeatedBlocks`). The article loses the
   * paragraphs the site repeats, unless a site's rule keeps it.
   */
  siteTexts?: { texts: readonly string[]; known: readonly string[] };
}

/** Every element `selector` matches in `root`; a selector the parser refuses is a 400 naming it. */
function matching(root: ParentNode, selector: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    throw apiError('invalid_selector', siteRuleMessages.notASelector(selector));
  }
}

/** The first selector of `selectors` the parser refuses, as a 400 naming it (before a rule is saved). */
export function checkSelectors(selectors: readonly string[]): void {
  const fragment = sanitiserWindow.document.createDocumentFragment();
  for (const selector of selectors) matching(fragment, selector);
}

/**
 * A site's rules applied to its page, before the article is found: `drop` removes what it
 * matches; `title` reads the title; `keep` gives the article (the elements it matches, in the
 * page's order, none inside another), or undefined when it matches nothing.
 */
function applySiteRules(doc: Document, rules: SiteRules): { matched: SiteRuleMatches; title?: string; kept?: string } {
  const drop = rules.drop.map((selector) => {
    const found = matching(doc, selector);
    for (const element of found) element.remove();
    return found.length;
  });
  let title: string | undefined;
  if (rules.title) title = (matching(doc, rules.title)[0]?.textContent ?? '').replace(/\s+/g, ' ').trim() || undefined;
  const keptElements = new Set<Element>();
  const keep = rules.keep.map((selector) => {
    const found = matching(doc, selector);
    for (const element of found) keptElements.add(element);
    return found.length;
  });
  const outermost = [...keptElements]
    .filter((element) => ![...keptElements].some((other) => other !== element && other.contains(element)))
    .sort((a, b) => (a.compareDocumentPosition(b) & 4 /* b follows a */ ? -1 : 1));
  const kept = outermost.length ? outermost.map((element) => element.outerHTML).join('\n') : undefined;
  return { matched: { drop, keep, title: rules.title ? title !== undefined : null }, title, kept };
}

/**
 * The article a site's rules kept: its HTML, and the page's title (its og:title, else its first
 * h1, else its <title>); the rest of the page goes, as after the extractor.
 */
function keptArticle(doc: Document, kept: string): { title: string; found: Element } {
  const og = doc.querySelector('meta[property="og:title"]')?.getAttribute('content');
  const title = (og || doc.querySelector('h1')?.textContent || doc.title || '').replace(/\s+/g, ' ').trim();
  doc.documentElement?.replaceChildren();
  const found = doc.createElement('div');
  found.innerHTML = kept;
  return { title, found };
}

export function extractArticle(page: FetchedPage, options: ExtractOptions = {}): ExtractedArticle {
  // Refused before parsing: the parse alone of 10,000 nested elements takes seconds.
  if (nestsDeeperThan(page.body.toString('latin1'), MAX_NESTING)) throw apiError('page_too_complex');
  // Scripts never run (jsdom's default) and no subresource is loaded; CSS noise is silenced.
  const dom = new JSDOM(page.body, {
    url: page.url,
    contentType: page.contentType.toLowerCase().startsWith('application/xhtml+xml') ? 'text/html' : page.contentType,
    virtualConsole: new VirtualConsole(),
  });
  try {
    const doc = dom.window.document;
    resolveLazyImages(doc, page.url);
    // Read before the extractor changes the document.
    const opinion = secondOpinion(doc);
    const site = options.site ? applySiteRules(doc, options.site) : undefined;
    // The article as an element of this document: cleaned into a copy of it, serialised once.
    // Classes kept for our rules (server/scrape/boilerplate.ts); cleaning drops them after.
    // What a site's rules keep is the article as it is.
    const read = site?.kept !== undefined ? keptArticle(doc, site.kept) : readableArticle(doc);
    const title = site?.title ?? read.title;
    // Sanitised in place, in the page's own document: no other parse of the article. Not kept
    // past MAX_SOURCE_HTML_CHARS, nor made when its text alone is longer (its HTML is longer still).
    const pagePurify = createDOMPurify(dom.window as unknown as Parameters<typeof createDOMPurify>[0]);
    let source: string | null = null;
    if ((read.found.textContent ?? '').length <= MAX_SOURCE_HTML_CHARS) {
      pagePurify.sanitize(read.found, { IN_PLACE: true });
      source = read.found.innerHTML;
    }
    if (site?.kept === undefined) applyRules(read.found, { title }, options.without);
    const container = cleanBody(read.found, page.url);
    let repeated: ExtractedArticle['repeated'];
    if (options.siteTexts && site?.kept === undefined) {
      const found = repeatedBlocks(options.siteTexts.texts);
      const all = new Set([...options.siteTexts.known, ...found]);
      repeated = { keys: [...found], dropped: dropRepeatedBlocks(container, all) };
    }
    // The article opens with its title as the one h1 (the extractor demotes or drops it).
    const first = container.firstElementChild;
    if (title && first && /^h[1-3]$/.test(first.localName) && (first.textContent ?? '').replace(/\s+/g, ' ').trim() === title) {
      first.remove();
    }
    // Captions stay in the HTML, marked as such, and out of the text.
    const body = blockText(container, { skip: CAPTIONS });
    // Too little prose is a page of links, teasers or a form: no article, rather than a draft of navigation.
    if (proseWordCount(body) < MIN_ARTICLE_PROSE_WORDS) throw apiError('no_article');
    // The container (a div) is the walk's root: kept, as only its inside is taken.
    pagePurify.sanitize(container, { ...PURIFY_OPTIONS, ALLOWED_TAGS: [...PURIFY_OPTIONS.ALLOWED_TAGS, 'div'], IN_PLACE: true });
    const html = (title ? `<h1>${escapeHtml(title)}</h1>\n` : '') + container.innerHTML;
    const quality = extractionQuality(body, linkDensity(container), opinion);

    return {
      url: page.url,
      title,
      text: title ? `${title}\n\n${body}` : body,
      html,
      sourceHtml: source !== null && source.length <= MAX_SOURCE_HTML_CHARS ? source : null,
      images: imageUrls(container),
      quality,
      fetched: { status: page.status, etag: page.etag, lastModified: page.lastModified },
      ...(site ? { matched: site.matched } : {}),
      ...(repeated ? { repeated } : {}),
    };
  } finally {
    dom.window.close();
  }
}

/**
 * Points images at new addresses (`replacements`: original → library URL) and sanitises the
 * result again, as after every change of an article body.
 */
export function replaceImageSources(html: string, replacements: Record<string, string>): string {
  const dom = new JSDOM('');
  try {
    const container = dom.window.document.createElement('div');
    container.innerHTML = sanitiseArticleHtml(html);
    for (const img of Array.from(container.querySelectorAll('img[src]'))) {
      const next = replacements[img.getAttribute('src')!];
      if (next) img.setAttribute('src', next);
    }
    return sanitiseArticleHtml(container.innerHTML);
  } finally {
    dom.window.close();
  }
}
