import { describe, expect, it } from 'vitest';
import { checkPlace, placeOrdinals, withAltText } from './checkPlace';

const placed = (html: string, kind: 'alt' | 'image' | 'link' | 'headings' | 'title', target: string) => {
  const place = checkPlace(html, { kind, target });
  return place && html.slice(place.from, place.to);
};

describe('checkPlace', () => {
  it('finds the image tag of an image without alt text, not the same address elsewhere', () => {
    const html = '<p>See /b.png below</p><a href="/b.png">it</a><img class="x" src="/b.png">';
    expect(placed(html, 'alt', '/b.png')).toBe('<img class="x" src="/b.png">');
    expect(placed(html, 'image', '/b.png')).toBe('<img class="x" src="/b.png">');
    expect(placed(html, 'link', '/b.png')).toBe('<a href="/b.png">');
  });

  it('finds an address written with entities or without its scheme, as a DOM reads it', () => {
    expect(placed('<a href="https://a.example/?x=1&amp;y=2">q</a>', 'link', 'https://a.example/?x=1&y=2')).toBe('<a href="https://a.example/?x=1&amp;y=2">');
    expect(placed("<img src='//cdn.example/p.png' alt=x>", 'image', 'https://cdn.example/p.png')).toBe("<img src='//cdn.example/p.png' alt=x>");
  });

  it('finds the heading by its text, tags and entities inside it left out', () => {
    const html = '<h2>Start</h2><p>Deep thoughts</p><h4 id="d">Deep <em>&amp;</em> far</h4>';
    expect(placed(html, 'headings', 'Deep & far')).toBe('<h4 id="d">Deep <em>&amp;</em> far</h4>');
  });

  it('finds each of two items at one address in its own tag, an image with alt text never an alt item\'s', () => {
    const html = '<img src="/c.png" alt="A chart"><img id="1" src="/c.png"><p>x</p><img id="2" src="/c.png">';
    const items = [
      { kind: 'alt' as const, target: '/c.png' },
      { kind: 'alt' as const, target: '/c.png' },
      { kind: 'link' as const, target: '/c.png' },
    ];
    const ordinals = placeOrdinals(items);
    expect(items.map((item) => ordinals.get(item))).toEqual([0, 1, 0]);
    const at = (item: (typeof items)[number]) => {
      const place = checkPlace(html, item, ordinals.get(item));
      return place && html.slice(place.from, place.to);
    };
    expect(at(items[0]!)).toBe('<img id="1" src="/c.png">');
    expect(at(items[1]!)).toBe('<img id="2" src="/c.png">');
    // alt="" (decoration) passes the checks: not the place of an item without alt text.
    expect(placed('<img alt="" src="/d.png"><img src="/d.png" title="late">', 'alt', '/d.png')).toBe('<img src="/d.png" title="late">');
    expect(checkPlace(html, items[0]!, 2)).toBeNull();
  });

  it('answers null when the place is gone (edited since) or has none', () => {
    expect(placed('<p>No image now</p>', 'alt', '/b.png')).toBeNull();
    expect(placed('<h2>Other</h2>', 'headings', 'Deep')).toBeNull();
    expect(placed('<h1>T</h1>', 'title', '')).toBeNull();
    // An address that is only text of a tag, not a value: not its place.
    expect(placed('<img data-note=x title="see /b.png">', 'alt', '/b.png')).toBeNull();
  });

  it("writes a file's alt text into the image tag of an item, quoted, and says where the tag now is", () => {
    const html = '<p>Before</p><img src="/api/files/x/content" width="40"><p>After</p>';
    const place = checkPlace(html, { kind: 'alt', target: '/api/files/x/content' })!;
    const written = withAltText(html, place, 'A "red" bicycle & a <wall>')!;
    expect(written.html).toBe('<p>Before</p><img alt="A &quot;red&quot; bicycle &amp; a &lt;wall>" src="/api/files/x/content" width="40"><p>After</p>');
    expect(written.html.slice(written.place.from, written.place.to)).toBe('<img alt="A &quot;red&quot; bicycle &amp; a &lt;wall>" src="/api/files/x/content" width="40">');
    // The place was edited meanwhile: it holds no image without alt text, and nothing is written.
    expect(withAltText(written.html, written.place, 'Again')).toBeNull();
    expect(withAltText('<p>gone</p>', place, 'A bicycle')).toBeNull();
  });
});
