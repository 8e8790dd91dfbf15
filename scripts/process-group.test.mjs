/**
 * A child of the test scripts ends with its parent, however the parent ends: killed with
 * SIGKILL, it leaves no handler to run, and the child's guard ends the group on its own.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const processGroup = fileURLToPath(new URL('./process-group.mjs', import.meta.url));

/** What a test started: killed after it, so a failure is reported rather than left running. */
const started = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone, as it should be */
    }
  }
});

/** Running, not a zombie waiting to be reaped. */
function running(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A parent that starts `code` (Node) in a group with spawnGroup and prints the pids of its
 * guard and of the process `code` runs in, once that has started.
 */
async function parentOf(code) {
  const script = `
    import { spawnGroup } from ${JSON.stringify(processGroup)};
    const child = spawnGroup(process.execPath, ['-e', ${JSON.stringify(code)}], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', (pid) => console.log(JSON.stringify({ guard: child.pid, worker: Number(pid) })));
    setInterval(() => {}, 1000);
  `;
  const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pids = await new Promise((resolve, reject) => {
    parent.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
    parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before its child started`)));
  });
  started.push(parent.pid, pids.guard, pids.worker);
  return { parent, ...pids };
}

describe('a process group started by the test scripts', { timeout: 30_000 }, () => {
  it('ends when its parent is killed with SIGKILL', async () => {
    const { parent, guard, worker } = await parentOf('console.log(process.pid); setInterval(() => {}, 1000);');
    expect(running(guard)).toBe(true);
    expect(running(worker)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => running(worker), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => running(guard), { timeout: 10_000 }).toBe(false);
  });

  it('ends a process that ignores SIGTERM too', async () => {
    const { parent, guard, worker } = await parentOf("process.on('SIGTERM', () => {}); console.log(process.pid); setInterval(() => {}, 1000);");
    parent.kill('SIGKILL');
    // SIGTERM first; SIGKILL to what is left 5 s later.
    await expect.poll(() => running(worker), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => running(guard), { timeout: 20_000 }).toBe(false);
  });
});
