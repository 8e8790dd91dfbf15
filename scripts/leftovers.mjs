// What a test run left behind: `node scripts/leftovers.mjs snapshot <file>` records the processes
// running before it; `node scripts/leftovers.mjs check <file> [folder]` then lists every process
// started since that is still running (not this one's ancestors) and every entry left in `folder`
// (the run's own temporary folder, TMPDIR), and exits 1 if there is one. .ci/run ends with it.
// LEFTOVERS_ALLOW, a regular expression, names commands that may stay (a service the run started
// for the machine on purpose).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode, file, folder] = process.argv.slice(2);

/** Every process: pid, parent pid and command line (from /proc). */
function processes() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
        return [{ pid: Number(pid), ppid, command }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

if (mode === 'snapshot') {
  writeFileSync(file, JSON.stringify(processes().map((p) => p.pid)));
} else if (mode === 'check') {
  const before = new Set(JSON.parse(readFileSync(file, 'utf8')));
  const all = processes();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const ancestors = new Set();
  for (let p = byPid.get(process.pid); p; p = byPid.get(p.ppid)) ancestors.add(p.pid);
  // The run's: started since, and reached from the run (this check's ancestors) or orphaned (up
  // to PID 1) without passing a process that was running before; not those another process that
  // was already there started meanwhile (the machine's PostgreSQL's backends). Kernel threads
  // have no command line.
  const ofTheRun = (p) => {
    for (let up = byPid.get(p.ppid); up; up = byPid.get(up.ppid)) {
      if (ancestors.has(up.pid) || up.pid === 1) return true;
      if (before.has(up.pid)) return false;
    }
    return true;
  };
  const allowed = process.env.LEFTOVERS_ALLOW ? new RegExp(process.env.LEFTOVERS_ALLOW) : undefined;
  const left = all.filter((p) => !before.has(p.pid) && !ancestors.has(p.pid) && p.command !== '' && ofTheRun(p) && !allowed?.test(p.command));
  // Tools' caches that are meant to outlive a run (compiled modules of Node, tsx, Playwright and
  // Jest) are said, not counted: a later run reuses them.
  const CACHE = /^(node-compile-cache|tsx-\d+|playwright-transform-cache-\d+|jest_\w+)$/;
  const entries = folder ? readdirSync(folder) : [];
  const caches = entries.filter((name) => CACHE.test(name));
  const files = entries.filter((name) => !CACHE.test(name)).map((name) => join(folder, name));
  if (caches.length) console.log(`Tools' caches in the run's temporary folder (kept, not counted): ${caches.join(', ')}`);
  for (const p of left) console.error(`left running: ${p.pid} ${p.command.slice(0, 200)}`);
  for (const path of files) console.error(`left behind: ${path}`);
  if (left.length || files.length) {
    console.error(`The run left ${left.length} process(es) running and ${files.length} temporary entr${files.length === 1 ? 'y' : 'ies'} behind.`);
    process.exit(1);
  }
  console.log('The run left no process running and nothing in its temporary folder.');
} else {
  console.error('usage: leftovers.mjs snapshot <file> | check <file> [folder]');
  process.exit(2);
}
