import { describe, expect, it } from 'vitest';
import { isHttpUrl, SEO_MAX, seoMessages, seoProblem, seoValue } from './seo';

describe('the SEO fields\u2019 rules', () => {
  it('takes http(s) addresses only as the canonical URL', () => {
    for (const good of ['https://example.com/a?b=1#c', 'http://localhost:3000/x']) expect(isHttpUrl(good)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', '/relative', 'example.com/a', 'data:text/html,x', 'https://']) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });

  it('says what is wrong, in the server\u2019s words, and nothing for a good change', () => {
    expect(seoProblem({ canonicalUrl: 'mailto:a@example.com' })).toBe(seoMessages.canonicalNotHttp);
    expect(seoProblem({ metaDescription: 'x'.repeat(SEO_MAX.metaDescription + 1) })).toBe(seoMessages.metaDescriptionTooLong);
    expect(seoProblem({ metaTitle: 't'.repeat(SEO_MAX.metaTitle + 1) })).toBe(seoMessages.metaTitleTooLong);
    // Trimmed before it is measured; empty clears.
    expect(seoProblem({ metaDescription: ` ${'x'.repeat(SEO_MAX.metaDescription)} ` })).toBeUndefined();
    expect(seoProblem({ canonicalUrl: '   ', metaTitle: null })).toBeUndefined();
  });

  it('stores a value trimmed, and empty as none', () => {
    expect(seoValue('  Title ')).toBe('Title');
    expect(seoValue('   ')).toBeNull();
    expect(seoValue(null)).toBeNull();
    expect(seoValue(undefined)).toBeUndefined();
  });
});
