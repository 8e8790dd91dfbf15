import { describe, expect, it } from 'vitest';
import { messageOf } from './messageOf';

describe('messageOf', () => {
  it("says the API's message of a failure", () => {
    expect(messageOf(new Error('Slug is already taken'))).toBe('Slug is already taken');
    expect(messageOf({ status: 409, message: 'Slug is already taken' })).toBe('Slug is already taken');
  });

  it('says the failure itself when it carries no message', () => {
    expect(messageOf('offline')).toBe('offline');
    expect(messageOf(null)).toBe('null');
    expect(messageOf({ message: 503 })).toBe('[object Object]');
  });
});
