// The checks read the blog HTML through parse5 (server/articles/checks.ts) rather than jsdom:
// the same HTML must give the same outline, and so the same checks, as jsdom's DOM gives.
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { addressesOf, checkArticle, countWords, outlineOfDocument, type HtmlOutline } from '../../src/contract/index.ts';
import { outlineOfHtml } from '../articles/checks.ts';

const at = new Date('2026-06-15T10:00:00Z');

function viaJsdom(html: string): HtmlOutline {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`);
  return outlineOfDocument(dom.window.document);
}

/**
 * The words under each parent tag: jsdom keeps a run of spaces and the word after it as two text
 * nodes where parse5 keeps one (never inside a word, so the words counted are the same).
 */
function wordsByParent(texts: HtmlOutline['texts']) {
  const words: Record<string, number> = {};
  for (const { text, parent } of texts) words[parent] = (words[parent] ?? 0) + countWords(text);
  return words;
}

/** What the checks can read of an outline, as plain data. */
const seen = (outline: HtmlOutline) => ({
  elements: outline.elements.map((e) => ({ tag: e.tag, href: e.attribute('href'), src: e.attribute('src'), alt: e.attribute('alt'), text: e.text() })),
  words: wordsByParent(outline.texts),
  checks: checkArticle(outline, 'A title', at),
  addresses: addressesOf(outline),
});

const same = (html: string) => expect(seen(outlineOfHtml(html)), html).toEqual(seen(viaJsdom(html)));

describe('the outline the checks read', () => {
  it('is the one jsdom gives for HTML written the ways scraped pages write it', () => {
    for (const html of [
      '',
      'plain text, no element',
      '<h2>Intro</h2><p>Two <b>bold</b> words &amp; an&nbsp;entity</p><h4>Deep</h4><img src="a.png"><img src="b.png" alt="">',
      '<p>unclosed <p>paragraphs <li>and items<h3>heading inside p',
      '<table><tr><td>cell</td></tr><a href="https://foster.example/">fostered out of the table</a></table>',
      '<a href="https://a.example/"><a href="https://b.example/">nested links</a></a>',
      '<svg><a xlink:href="https://x.example/">svg link</a><a href="https://svg2.example/">svg2</a><image href="i.png"/></svg>',
      '<math><mi>x</mi></math><image src="https://image.example/as-img.png">',
      '<noscript><img src="https://noscript.example/n.png"><p>noscript words</p></noscript>',
      '<template><img src="https://template.example/t.png"><h1>in a template</h1></template><p>after</p>',
      '<script>var words = "not counted";</script><style>p { color: red }</style><textarea>raw <b>text</b></textarea>',
      '<IMG SRC="//cdn.example/upper.png" ALT="Upper case"><A HREF=" HTTP://upper.example/ ">x</A>',
      '<img src="a.png" src="b.png" alt="first wins" alt="">',
      '<![CDATA[ cdata ]]><!-- a comment --><p>after comments</p>',
      '<body><p>a second body tag</p></body><html><p>and html</p>',
      '<h1>One</h1><h3>Three</h3><h6>Six</h6><h2>Two <span>with span</span></h2>',
      '<select><option>one<img src="https://in-select.example/"></select><frameset><p>frameset</p>',
    ]) {
      same(html);
    }
  });

  it('reads HTML nested 20,000 elements deep without running out of stack (2,000 deep, it reads what jsdom reads)', () => {
    same(`${'<div>'.repeat(2_000)}deep words<h2>a</h2><h4>b</h4>`);
    const outline = outlineOfHtml(`${'<div>'.repeat(20_000)}deep words<h2>a</h2><h4>b</h4><img src="https://deep.example/i.png">`);
    expect(outline.elements).toHaveLength(20_003);
    const checks = checkArticle(outline, 'A title', at);
    expect(checks.wordCount).toBe(4);
    expect(checks.items.filter((item) => !item.ok).map((item) => item.kind)).toEqual(['alt', 'headings']);
    expect(addressesOf(outline).images).toEqual(['https://deep.example/i.png']);
  });

  it('puts text fostered out of a table before it, as the HTML standard and browsers do (jsdom puts it after)', () => {
    const outline = outlineOfHtml('<ul><table>two words<p>and more');
    expect(outline.elements.map((e) => [e.tag, e.text()])).toEqual([['ul', 'two wordsand more'], ['p', 'and more'], ['table', '']]);
    expect(viaJsdom('<ul><table>two words<p>and more').elements[0]!.text()).toBe('and moretwo words');
  });

  // Text in a table's own context is fostered out of it, where jsdom's order differs (above): the
  // generated HTML has cells and rows, not tables.
  it('is the one jsdom gives for generated HTML', () => {
    const tag = fc.constantFrom('p', 'a', 'img', 'h1', 'h2', 'h3', 'h5', 'div', 'span', 'tr', 'td', 'li', 'ul', 'script', 'style', 'template', 'noscript', 'svg', 'b', 'br', 'select', 'textarea');
    const attribute = fc.tuple(fc.constantFrom('href', 'src', 'alt', 'HREF', 'xlink:href', 'title'), fc.constantFrom('', 'https://a.example/x', '//cdn.example/p.png', '/inside', 'mailto:me@example.com', ' http://b.example/ '));
    const text = fc.constantFrom('', 'word', 'two words', 'don’t re-use', ' 東京 ', '&amp;', '<', '>', '"');
    const piece = fc.oneof(
      text,
      fc.tuple(tag, fc.array(attribute, { maxLength: 3 }), text, fc.boolean()).map(
        ([name, attributes, inner, close]) => `<${name}${attributes.map(([key, value]) => ` ${key}="${value}"`).join('')}>${inner}${close ? `</${name}>` : ''}`,
      ),
      fc.constantFrom('</p>', '</a>', '</table>', '</svg>', '<!-- c -->'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        same(pieces.join(''));
      }),
      { numRuns: 300 },
    );
  });
});
