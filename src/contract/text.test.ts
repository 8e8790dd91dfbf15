import { describe, expect, it } from 'vitest';
import { formatSearchCount, SEARCH_COUNT_CAP } from './text';

describe('formatSearchCount', () => {
  it('shows exact counts up to the cap and "1,000+" above it', () => {
    expect(formatSearchCount(0)).toBe('0');
    expect(formatSearchCount(SEARCH_COUNT_CAP)).toBe('1000');
    expect(formatSearchCount(SEARCH_COUNT_CAP + 1)).toBe('1,000+');
  });
});
