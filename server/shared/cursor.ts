/**
 * Cursors of keyset pages ordered by a time and a key (newest first): the last row's time (ISO)
 * and key, as opaque base64url text. A cursor that is not one of these reads as undefined.
 */
export const encodeTimeCursor = (at: string, key: string) => Buffer.from(JSON.stringify([at, key])).toString('base64url');

export function decodeTimeCursor(cursor: string): { at: string; id: string } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && !Number.isNaN(Date.parse(value[0]))) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // Not ours: undefined.
  }
  return undefined;
}
