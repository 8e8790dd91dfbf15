import { describe, expect, it } from 'vitest';
import { fileImageUrl, withVersion } from './fileUrls';

describe('withVersion', () => {
  it('adds the last modification time in ms, after any query already there', () => {
    expect(withVersion('/api/files/abc/thumbnail', '2026-11-20T09:30:00.000Z')).toBe('/api/files/abc/thumbnail?v=1795167000000');
    expect(withVersion('/api/files/abc/content?download=1', '2026-11-20T09:30:00.000Z')).toBe(
      '/api/files/abc/content?download=1&v=1795167000000',
    );
  });

  it('leaves data: and blob: addresses, and an unreadable date, as they are', () => {
    expect(withVersion('data:image/png;base64,AAAA', '2026-11-20T09:30:00.000Z')).toBe('data:image/png;base64,AAAA');
    expect(withVersion('blob:http://x/1', '2026-11-20T09:30:00.000Z')).toBe('blob:http://x/1');
    expect(withVersion('/api/files/abc/thumbnail', 'not a date')).toBe('/api/files/abc/thumbnail');
  });
});

describe('fileImageUrl', () => {
  it('asks the server for the width in the best format the browser takes, under the version', () => {
    expect(fileImageUrl({ url: '/api/files/abc/content', lastModified: '2026-11-20T09:30:00.000Z' }, 640)).toBe(
      '/api/files/abc/content?w=640&format=auto&v=1795167000000',
    );
  });

  it('leaves addresses that are not the server\'s as they are', () => {
    expect(fileImageUrl({ url: 'data:image/png;base64,AAAA', lastModified: '2026-11-20T09:30:00.000Z' }, 640)).toBe('data:image/png;base64,AAAA');
  });
});
