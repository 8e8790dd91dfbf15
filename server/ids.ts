import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = 0;
let lastRandom: number[] = [];

/**
 * A sortable random id (ULID layout: 10 characters of milliseconds, 16 of randomness). Ids made
 * in the same millisecond by this process increase, so "newest first" holds within a process.
 */
export function newId(now = Date.now()): string {
  let random: number[];
  if (now <= lastTime) {
    random = increment(lastRandom);
    now = lastTime;
  } else {
    const bytes = randomBytes(16);
    random = Array.from(bytes, (b) => b & 31);
  }
  lastTime = now;
  lastRandom = random;
  let time = '';
  for (let i = 9, t = now; i >= 0; i--, t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  return time + random.map((d) => ALPHABET[d]).join('');
}

function increment(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    const digit = next[i] ?? 0;
    if (digit < 31) {
      next[i] = digit + 1;
      return next;
    }
    next[i] = 0;
  }
  return next;
}

/** A session token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
