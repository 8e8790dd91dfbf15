/**
 * What a source's document is and what it lists: an RSS 2.0, Atom 1.0, RDF or JSON Feed 1.1
 * feed (feedsmith, which expands no XML entities), a sitemap or sitemap index (fast-xml-parser,
 * entities off; gzipped too), or an HTML page whose `<link rel="alternate">` names feeds (parse5).
 * A document that declares XML entities is refused outright: none is ever expanded, so an entity
 * bomb or an external entity has nothing to work with. Runs in a worker (server/workers/tasks.ts),
 * never on the request thread, with its time and memory capped.
 */
import { gunzipSync } from 'node:zlib';
import { parseFeed } from 'feedsmith';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseHtml } from 'parse5';
import { SOURCE_MAX_FEED_BYTES, sourceMessages } from '../../src/contract/index.ts';
import { apiError } from '../errors.ts';

export interface ListedEntry {
  /** Its id in the feed (guid, Atom id, JSON Feed id), else null. */
  id: string | null;
  url: string;
  title: string | null;
  /** When the source says it was published or last changed (ISO), else null. */
  date: string | null;
}

export type SourceDocument =
  | { type: 'feed'; title: string | null; entries: ListedEntry[] }
  | { type: 'sitemap'; entries: ListedEntry[] }
  | { type: 'sitemapindex'; sitemaps: { url: string; date: string | null }[] }
  | { type: 'page'; feeds: string[] };

const GZIP_MAGIC = [0x1f, 0x8b];

/** The document's text: gunzipped when it is gzip (a `.xml.gz` sitemap), capped decoded. */
export function documentText(body: Uint8Array): string {
  let bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: SOURCE_MAX_FEED_BYTES });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        throw apiError('page_too_large', `The document is larger than ${SOURCE_MAX_FEED_BYTES / 1024 / 1024} MB once unzipped`);
      }
      throw apiError('no_feed_found', sourceMessages.notAFeed);
    }
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** Reads `body`, fetched from `url` with `contentType`. */
export function readSourceDocument(body: Uint8Array, url: string, contentType: string): SourceDocument {
  const text = documentText(body);
  const head = text.slice(0, 2048).trimStart();
  const xml = head.startsWith('<?xml') || /^<(rss|feed|rdf:RDF|urlset|sitemapindex)\b/i.test(head);
  const html = !xml && (/html/i.test(contentType) || /^<!doctype html|^<html/i.test(head));
  if (html) return { type: 'page', feeds: feedLinks(text, url) };
  if (xml && /<!ENTITY/i.test(text)) throw apiError('no_feed_found', sourceMessages.entitiesRefused);
  if (xml && /<(urlset|sitemapindex)\b/i.test(head)) return readSitemap(text, url);
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(text);
  } catch {
    throw apiError('no_feed_found', sourceMessages.notAFeed);
  }
  return feedEntries(parsed, url);
}

/** An absolute http(s) address from `href` (relative to `base`), or null. */
function absolute(href: unknown, base: string): string | null {
  if (typeof href !== 'string' || !href.trim()) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim() : null);
const isoDate = (value: unknown): string | null => {
  if (typeof value !== 'string' || !value.trim()) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
};

type AnyItem = Record<string, unknown>;

function feedEntries(parsed: ReturnType<typeof parseFeed>, base: string): SourceDocument {
  const entries: ListedEntry[] = [];
  const feed = parsed.feed as AnyItem;
  const push = (id: unknown, href: unknown, title: unknown, date: unknown) => {
    const url = absolute(href, base);
    if (url) entries.push({ id: text(id), url, title: text(title), date: isoDate(date) });
  };
  switch (parsed.format) {
    case 'rss':
      for (const item of (feed.items as AnyItem[] | undefined) ?? []) {
        const guid = item.guid as { value?: string; isPermaLink?: boolean } | string | undefined;
        const guidValue = typeof guid === 'string' ? guid : guid?.value;
        const permalink = typeof guid === 'object' && guid?.isPermaLink !== false ? guidValue : undefined;
        push(guidValue, item.link ?? permalink, item.title, item.pubDate);
      }
      return { type: 'feed', title: text(feed.title), entries };
    case 'atom':
      for (const entry of (feed.entries as AnyItem[] | undefined) ?? []) {
        const links = (entry.links as { href?: string; rel?: string }[] | undefined) ?? [];
        const link = links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0];
        push(entry.id, link?.href, titleText(entry.title), entry.updated ?? entry.published);
      }
      return { type: 'feed', title: text(titleText(feed.title)), entries };
    case 'rdf':
      for (const item of (feed.items as AnyItem[] | undefined) ?? []) push(item.rdf ?? item.link, item.link, item.title, undefined);
      return { type: 'feed', title: text(feed.title), entries };
    case 'json':
      for (const item of (feed.items as AnyItem[] | undefined) ?? []) push(item.id, item.url ?? item.external_url, item.title, item.date_modified ?? item.date_published);
      return { type: 'feed', title: text(feed.title), entries };
  }
}

/** An Atom text construct's text (feedsmith gives a string, or an object with its value). */
function titleText(value: unknown): unknown {
  if (value && typeof value === 'object' && 'value' in value) return (value as { value: unknown }).value;
  return value;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five predefined entities and character references; nothing else is ever expanded. */
export function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const sitemapParser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  removeNSPrefix: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

function readSitemap(xml: string, base: string): SourceDocument {
  let doc: { urlset?: { url?: AnyItem[] }; sitemapindex?: { sitemap?: AnyItem[] } };
  try {
    doc = sitemapParser.parse(xml);
  } catch {
    throw apiError('no_feed_found', sourceMessages.notAFeed);
  }
  if (doc.sitemapindex) {
    const sitemaps = (doc.sitemapindex.sitemap ?? []).flatMap((s) => {
      const url = absolute(decodeXml(String(s.loc ?? '')), base);
      return url ? [{ url, date: isoDate(s.lastmod) }] : [];
    });
    return { type: 'sitemapindex', sitemaps: newestFirst(sitemaps) };
  }
  if (!doc.urlset) throw apiError('no_feed_found', sourceMessages.notAFeed);
  const entries = (doc.urlset.url ?? []).flatMap((u): ListedEntry[] => {
    const url = absolute(decodeXml(String(u.loc ?? '')), base);
    return url ? [{ id: null, url, title: null, date: isoDate(u.lastmod) }] : [];
  });
  return { type: 'sitemap', entries: newestFirst(entries) };
}

/** Those with a date, newest first, then those without, in the source's order. */
function newestFirst<T extends { date: string | null }>(list: T[]): T[] {
  return list
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (b.item.date ?? '').localeCompare(a.item.date ?? '') || a.i - b.i)
    .map(({ item }) => item);
}

const FEED_TYPES = /^application\/(rss\+xml|atom\+xml|feed\+json|json|rdf\+xml)$/i;

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
}

/** The feeds a page names in its `<link rel="alternate" type="application/rss+xml|atom+xml|feed+json">`, in order. */
export function feedLinks(html: string, base: string): string[] {
  const doc = parseHtml(html) as unknown as HtmlNode;
  const found: string[] = [];
  let baseHref = base;
  const walk = (node: HtmlNode) => {
    if (node.nodeName === 'base') {
      const href = node.attrs?.find((a) => a.name === 'href')?.value;
      const resolved = href ? absolute(href, base) : null;
      if (resolved) baseHref = resolved;
    }
    if (node.nodeName === 'link') {
      const attr = (name: string) => node.attrs?.find((a) => a.name === name)?.value ?? '';
      const rels = attr('rel').toLowerCase().split(/\s+/);
      if (rels.includes('alternate') && FEED_TYPES.test(attr('type').trim())) {
        const url = absolute(attr('href'), baseHref);
        if (url && !found.includes(url)) found.push(url);
      }
    }
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(doc);
  return found;
}
