/** How `npm start` runs the server: low-memory mode (V8's baseline compiler alone), and glibc's malloc settings. */
import { describe, expect, it } from 'vitest';
import { LOW_MEMORY_BELOW_BYTES, LOW_MEMORY_NODE_FLAGS, lowMemory, MALLOC_THRESHOLD_BYTES, serverEnvironment, serverNodeFlags } from '../../scripts/server-flags.mjs';

const GiB = 1024 ** 3;
const small = () => LOW_MEMORY_BELOW_BYTES - 1;
const large = () => 24 * GiB;

describe('LOW_MEMORY', () => {
  it('is on by itself with the embedded database below 2 GiB, off above it and with PostgreSQL', () => {
    expect(lowMemory({}, small)).toBe(true);
    expect(lowMemory({ LOW_MEMORY: 'auto' }, small)).toBe(true);
    expect(lowMemory({}, large)).toBe(false);
    expect(lowMemory({ DATABASE_URL: 'postgres://db/x' }, small)).toBe(false);
  });

  it('true or false (as any flag is written) decides, whatever the memory', () => {
    expect(lowMemory({ LOW_MEMORY: 'true' }, large)).toBe(true);
    expect(lowMemory({ LOW_MEMORY: ' FALSE ' }, small)).toBe(false);
    expect(lowMemory({ LOW_MEMORY: 'on' }, large)).toBe(true);
    expect(lowMemory({ LOW_MEMORY: '0' }, small)).toBe(false);
  });

  it('refuses any other value, naming the ones it takes', () => {
    expect(() => lowMemory({ LOW_MEMORY: 'maybe' }, large)).toThrow('LOW_MEMORY must be true, false or auto, got "maybe"');
    expect(() => serverNodeFlags({ LOW_MEMORY: 'maybe', DATABASE_URL: 'postgres://db/x' }, large)).toThrow('LOW_MEMORY must be');
  });

  it('adds the baseline-compiler flag to the embedded database server only', () => {
    expect(serverNodeFlags({ LOW_MEMORY: 'true' }, large)).toEqual(expect.arrayContaining(LOW_MEMORY_NODE_FLAGS));
    expect(serverNodeFlags({ LOW_MEMORY: 'true', DATABASE_URL: 'postgres://db/x' }, large)).not.toEqual(expect.arrayContaining(LOW_MEMORY_NODE_FLAGS));
    expect(serverNodeFlags({}, large)).not.toEqual(expect.arrayContaining(LOW_MEMORY_NODE_FLAGS));
  });
});

describe("the server's environment", () => {
  it("caps glibc's arenas and fixes its thresholds, unless they are set", () => {
    expect(serverEnvironment({ PORT: '1' })).toEqual({
      PORT: '1',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: MALLOC_THRESHOLD_BYTES,
      MALLOC_TRIM_THRESHOLD_: MALLOC_THRESHOLD_BYTES,
    });
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '8', MALLOC_TRIM_THRESHOLD_: '0' })).toMatchObject({
      MALLOC_ARENA_MAX: '8',
      MALLOC_MMAP_THRESHOLD_: MALLOC_THRESHOLD_BYTES,
      MALLOC_TRIM_THRESHOLD_: '0',
    });
  });
});
