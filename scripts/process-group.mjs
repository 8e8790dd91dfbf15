// Children of the test scripts that lead their own process group, so that a stop reaches what
// they started (servers, test workers, browsers), and that end with their parent however it
// ends: killed with SIGKILL, which it cannot catch, the parent leaves no exit handler to run,
// but its end of a pipe (the lifeline) closes, and the child's guard (scripts/group-guard.mjs)
// then ends the group.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const GUARD = fileURLToPath(new URL('./group-guard.mjs', import.meta.url));

/**
 * `command args` in a process group of its own, behind its guard: `stdio` as spawn's (three
 * entries at most), `env` as spawn's. The child's pid is its group's id.
 */
export function spawnGroup(command, args, { stdio = 'inherit', env } = {}) {
  const io = typeof stdio === 'string' ? [stdio, stdio, stdio] : stdio;
  return spawn(process.execPath, [GUARD, command, ...args], { stdio: [...io, 'pipe'], detached: true, env });
}

/** Sends `signal` to the whole group of a child spawnGroup started (nothing if it is gone). */
export function stopGroup(child, signal = 'SIGTERM') {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}
