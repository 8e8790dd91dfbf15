// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { addressesOf, addressItems, checkArticle, checkTexts, countWords, imageSeconds, MAX_CHECKED_ADDRESSES, outlineOfDocument, type AddressCheck } from './checks';

const parse = (html: string) => outlineOfDocument(new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html'));
const at = new Date('2026-06-15T10:00:00Z');

describe('the checks before publishing', () => {
  it('counts words as runs of letters or digits, keeping hyphenated and elided words whole', () => {
    expect(countWords("Don't re-use the 3 tomatoes — ever.")).toBe(6);
    expect(countWords('  ')).toBe(0);
    expect(countWords('Crème brûlée, 東京')).toBe(3);
  });

  it('adds 12 s for the first image, one less for each next, 3 s from the tenth on', () => {
    expect(imageSeconds(0)).toBe(0);
    expect(imageSeconds(2)).toBe(23);
    expect(imageSeconds(12)).toBe(12 + 11 + 10 + 9 + 8 + 7 + 6 + 5 + 4 + 3 + 3 + 3);
  });

  it('fails a missing title, each image without alt (alt="" is decoration), and each skipped heading level', () => {
    const checks = checkArticle(parse('<h3>Intro</h3><h5>Too deep</h5><h2>Back</h2><h3>Fine</h3><img src="x.png"><img src="y.png" alt="">'), '  ', at);
    expect(checks.items).toEqual([
      { kind: 'title', ok: false, target: '', detail: checkTexts.titleMissing },
      { kind: 'alt', ok: false, target: 'x.png', detail: checkTexts.altMissing },
      { kind: 'headings', ok: false, target: 'Too deep', detail: checkTexts.headingSkipped(3, 5) },
    ]);
    expect(checks.checkedAt).toBe(at.toISOString());
  });

  it('counts the words of each block apart: a heading and the paragraph after it are two words', () => {
    expect(checkArticle(parse('<h2>Start</h2><p>here</p>'), 'Title', at).wordCount).toBe(2);
  });

  it('does not count code as words, and cuts what an item is about to 200 characters', () => {
    const checks = checkArticle(parse(`<p>Two words</p><script>var a = 1;</script><style>p { color: red }</style><img src="data:image/png;base64,${'A'.repeat(5_000)}">`), 'T', at);
    expect(checks.wordCount).toBe(2);
    expect(checks.items.find((item) => item.kind === 'alt')?.target).toHaveLength(200);
  });

  it('reads an empty HTML as nothing to read', () => {
    expect(checkArticle(parse(''), 'Title', at)).toMatchObject({ wordCount: 0, readingMinutes: 0 });
  });

  it('takes the addresses of other sites (http or https, protocol-relative as https, each once), not the site’s own or a mail link', () => {
    const html = parse(
      '<a href="https://a.example/x">1</a><a href="/inside">2</a><a href="mailto:me@example.com">3</a><a href=" HTTP://b.example/ ">4</a>' +
        '<a href="https://a.example/x">5</a><img src="https://cdn.example/p.png" alt=""><img src="/api/files/f/content" alt=""><img src="//cdn.example/q.png" alt="">',
    );
    expect(addressesOf(html)).toEqual({ links: ['https://a.example/x', 'HTTP://b.example/'], images: ['https://cdn.example/p.png', 'https://cdn.example/q.png'] });
  });

  it('lists each address that did not answer, else one passing line per kind; says when there were more than it checks', () => {
    const failed: AddressCheck = { url: 'https://a.example/gone', ok: false, detail: checkTexts.status(404) };
    const fine: AddressCheck = { url: 'https://cdn.example/p.png', ok: true, detail: '' };
    const checked = new Map([failed, fine].map((c) => [c.url, c]));
    expect(addressItems({ links: [failed.url], images: [fine.url] }, checked)).toEqual([
      { kind: 'link', ok: false, target: failed.url, detail: checkTexts.status(404) },
      { kind: 'image', ok: true, target: '', detail: checkTexts.imagesOk(1) },
    ]);
    // Past the cap (links first, as the server takes them): what was not reached is said per kind, never passed.
    const many = Array.from({ length: MAX_CHECKED_ADDRESSES + 5 }, (_, i) => `https://a.example/${i}`);
    const first = new Map(many.slice(0, MAX_CHECKED_ADDRESSES).map((url) => [url, { url, ok: true, detail: '' }]));
    expect(addressItems({ links: many, images: ['https://cdn.example/1.png', 'https://cdn.example/2.png'] }, first)).toEqual([
      { kind: 'link', ok: true, target: '', detail: checkTexts.linksOk(MAX_CHECKED_ADDRESSES) },
      { kind: 'link', ok: false, target: '', detail: checkTexts.notReached(5, 'link', MAX_CHECKED_ADDRESSES) },
      { kind: 'image', ok: false, target: '', detail: checkTexts.notReached(2, 'image', MAX_CHECKED_ADDRESSES) },
    ]);
  });
});
