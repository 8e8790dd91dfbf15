import { describe, expect, it } from 'vitest';
import {
  canSaveHtml,
  canSaveSlug,
  canVerifySlug,
  fitScale,
  hasWebsitePreview,
  isEditKey,
  isSlugChanged,
  type SlugCheckStatus,
} from './rules';

describe('isSlugChanged', () => {
  it('compares with the saved slug, a missing slug being empty', () => {
    expect(isSlugChanged('a', 'a')).toBe(false);
    expect(isSlugChanged('b', 'a')).toBe(true);
    expect(isSlugChanged('', null)).toBe(false);
    expect(isSlugChanged('a', null)).toBe(true);
  });
});

describe('canVerifySlug', () => {
  const ok = { value: 'my-slug', isPublished: false, checkStatus: 'idle' as SlugCheckStatus };

  it('allows a non-empty slug on a draft with no check running', () => {
    expect(canVerifySlug(ok)).toBe(true);
    for (const checkStatus of ['available', 'unavailable', 'error'] as const) {
      expect(canVerifySlug({ ...ok, checkStatus })).toBe(true);
    }
  });

  it('is disabled for an empty slug', () => {
    expect(canVerifySlug({ ...ok, value: '' })).toBe(false);
    expect(canVerifySlug({ ...ok, value: '   ' })).toBe(false);
  });

  it('is disabled while a check is running', () => {
    expect(canVerifySlug({ ...ok, checkStatus: 'checking' })).toBe(false);
  });

  it('is disabled on a published article', () => {
    expect(canVerifySlug({ ...ok, isPublished: true })).toBe(false);
  });
});

describe('canSaveSlug', () => {
  const ok = {
    value: 'new-slug',
    savedSlug: 'old-slug',
    isPublished: false,
    checkStatus: 'idle' as SlugCheckStatus,
    isSaving: false,
  };

  it('allows a changed slug on a draft when the check is idle, available or failed', () => {
    for (const checkStatus of ['idle', 'available', 'error'] as const) {
      expect(canSaveSlug({ ...ok, checkStatus })).toBe(true);
    }
    expect(canSaveSlug({ ...ok, savedSlug: null })).toBe(true);
  });

  it('needs a change', () => {
    expect(canSaveSlug({ ...ok, value: 'old-slug' })).toBe(false);
  });

  it('is blocked on a published article', () => {
    expect(canSaveSlug({ ...ok, isPublished: true })).toBe(false);
  });

  it('is blocked while checking and after an unavailable answer', () => {
    expect(canSaveSlug({ ...ok, checkStatus: 'checking' })).toBe(false);
    expect(canSaveSlug({ ...ok, checkStatus: 'unavailable' })).toBe(false);
  });

  it('is blocked for an empty slug and while saving', () => {
    expect(canSaveSlug({ ...ok, value: '' })).toBe(false);
    expect(canSaveSlug({ ...ok, isSaving: true })).toBe(false);
  });
});

describe('canSaveHtml', () => {
  const ok = { value: '<p>new</p>', savedHtml: '<p>old</p>', isPublished: false, isSaving: false };

  it('allows saving unsaved changes on a draft', () => {
    expect(canSaveHtml(ok)).toBe(true);
    expect(canSaveHtml({ ...ok, savedHtml: null })).toBe(true);
  });

  it('needs unsaved changes', () => {
    expect(canSaveHtml({ ...ok, value: '<p>old</p>' })).toBe(false);
    expect(canSaveHtml({ ...ok, value: '', savedHtml: null })).toBe(false);
  });

  it('is disabled while saving and on a published article', () => {
    expect(canSaveHtml({ ...ok, isSaving: true })).toBe(false);
    expect(canSaveHtml({ ...ok, isPublished: true })).toBe(false);
  });
});

describe('isEditKey', () => {
  it('counts printable characters and deletions', () => {
    expect(isEditKey({ key: 'a' })).toBe(true);
    expect(isEditKey({ key: ' ' })).toBe(true);
    expect(isEditKey({ key: 'Backspace' })).toBe(true);
    expect(isEditKey({ key: 'Delete' })).toBe(true);
  });

  it('leaves navigation and shortcuts alone', () => {
    for (const key of ['Tab', 'ArrowLeft', 'Home', 'Escape', 'Shift']) {
      expect(isEditKey({ key })).toBe(false);
    }
    expect(isEditKey({ key: 'c', ctrlKey: true })).toBe(false);
    expect(isEditKey({ key: 'a', metaKey: true })).toBe(false);
  });

  it('counts Enter only in a multi-line editor', () => {
    expect(isEditKey({ key: 'Enter' })).toBe(false);
    expect(isEditKey({ key: 'Enter' }, { multiline: true })).toBe(true);
  });
});

describe('hasWebsitePreview', () => {
  it('needs a scraped or a new URL', () => {
    expect(hasWebsitePreview({ scrapedUrl: null, newUrl: null })).toBe(false);
    expect(hasWebsitePreview({ scrapedUrl: '', newUrl: null })).toBe(false);
    expect(hasWebsitePreview({ scrapedUrl: 'https://a.example', newUrl: null })).toBe(true);
    expect(hasWebsitePreview({ scrapedUrl: null, newUrl: 'https://b.example' })).toBe(true);
  });
});

describe('fitScale', () => {
  it('shrinks a frame wider than the space and never enlarges one', () => {
    expect(fitScale(384, 768)).toBe(0.5);
    expect(fitScale(1000, 768)).toBe(1);
  });

  it('keeps full size before the space is measured', () => {
    expect(fitScale(0, 768)).toBe(1);
  });
});
