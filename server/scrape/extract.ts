/**
 * Turns a fetched page into an article: @mozilla/readability on a script-less jsdom, the
 * readable text as scrappedData, the readable HTML sanitised with DOMPurify as blogData.
 */
import { Readability } from '@mozilla/readability';
import createDOMPurify from 'dompurify';
import { JSDOM, VirtualConsole } from 'jsdom';
import { ApiError } from '../errors.ts';
import type { FetchedPage } from './safe-fetch.ts';

export interface ExtractedArticle {
  title: string;
  text: string;
  html: string;
}

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function tidyText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function extractArticle(page: FetchedPage): ExtractedArticle {
  // Scripts never run (jsdom's default) and no subresource is loaded; CSS noise is silenced.
  const dom = new JSDOM(page.body, {
    url: page.url,
    contentType: page.contentType.toLowerCase().startsWith('application/xhtml+xml') ? 'text/html' : page.contentType,
    virtualConsole: new VirtualConsole(),
  });
  try {
    const parsed = new Readability(dom.window.document).parse();
    const text = tidyText(parsed?.textContent ?? '');
    if (!parsed || !text) throw new ApiError(422, 'no_article', 'No readable article was found on the page');
    const title = (parsed.title ?? '').trim();
    const body = purify.sanitize(parsed.content ?? '', {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
      FORBID_ATTR: ['style'],
    });
    return {
      title,
      text: title && !text.startsWith(title) ? `${title}\n\n${text}` : text,
      html: (title ? `<h1>${escapeHtml(title)}</h1>\n` : '') + body,
    };
  } finally {
    dom.window.close();
  }
}
