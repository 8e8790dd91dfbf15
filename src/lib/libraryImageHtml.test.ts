import { describe, expect, it } from 'vitest';
import { libraryImageHtml } from './libraryImageHtml';

const photo = { url: '/api/files/01jd8w4g7q2z9k3m5n6p7r8s9t/content', alt: '', caption: '', credit: '' };

describe('the HTML of a library image taken into an article', () => {
  it('brings its alt text, quoted; without one, no alt attribute (alt="" would mark it as decoration)', () => {
    expect(libraryImageHtml({ ...photo, alt: 'Boats "at" anchor & gulls' })).toBe(
      '<img src="/api/files/01jd8w4g7q2z9k3m5n6p7r8s9t/content" alt="Boats &quot;at&quot; anchor &amp; gulls">',
    );
    expect(libraryImageHtml({ ...photo, alt: '   ' })).toBe('<img src="/api/files/01jd8w4g7q2z9k3m5n6p7r8s9t/content">');
  });

  it('puts its caption and credit in a figure caption, as text', () => {
    expect(libraryImageHtml({ ...photo, alt: 'Boats', caption: 'The harbour <at> dawn', credit: 'Photo: A. Lee' })).toBe(
      '<figure><img src="/api/files/01jd8w4g7q2z9k3m5n6p7r8s9t/content" alt="Boats"><figcaption>The harbour &lt;at&gt; dawn — Photo: A. Lee</figcaption></figure>',
    );
    expect(libraryImageHtml({ ...photo, credit: 'Photo: A. Lee' })).toBe(
      '<figure><img src="/api/files/01jd8w4g7q2z9k3m5n6p7r8s9t/content"><figcaption>Photo: A. Lee</figcaption></figure>',
    );
  });
});
