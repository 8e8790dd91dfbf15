// The guard of a process group (scripts/process-group.mjs): runs `command args` in its group,
// exits as it exits, and ends the whole group when the lifeline from the parent (fd 3) closes,
// that is when the parent has gone, however it went: SIGTERM first, SIGKILL to what is left
// 5 s later.
import { spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { constants } from 'node:os';

/** Every process of the group, this guard included. */
const endGroup = (signal) => {
  try {
    process.kill(-process.pid, signal);
  } catch {
    /* the group is gone */
  }
};
/** Set once the lifeline has closed: the parent has gone. */
let orphaned = false;

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
child.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  // Orphaned, what the child leaves in the group (a server that ignored SIGTERM) goes with it.
  if (orphaned) endGroup('SIGKILL');
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});

// A stop sent to the group reaches the child too: the guard waits for it to exit, and exits with it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});

const lifeline = new Socket({ fd: 3, readable: true, writable: false });
lifeline.on('error', () => {});
lifeline.on('close', () => {
  orphaned = true;
  if (child.exitCode !== null || child.signalCode !== null) return;
  endGroup('SIGTERM');
  setTimeout(() => endGroup('SIGKILL'), 5_000).unref();
});
lifeline.resume();
