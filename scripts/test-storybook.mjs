// Serves the static Storybook build on 127.0.0.1 and runs the test-runner against it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';

const dir = process.env.STORYBOOK_DIR ?? 'storybook-static';
if (!existsSync(`${dir}/index.json`)) {
  console.error(`No Storybook build in ${dir}/: run "npm run build-storybook" first.`);
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
// Each child leads its own process group, so stopping it stops what `npx` started under it
// (the static server, the test-runner's workers), not just the wrapper.
const server = spawn('npx', ['http-server', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '-c-1'], {
  stdio: 'ignore',
  detached: true,
});
const children = [server];
const stopAll = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
};
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    const res = await fetch(`${url}/index.json`);
    if (res.ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 100));
}

const workers = process.env.STORYBOOK_WORKERS ?? '2';
const runner = spawn(
  'npx',
  ['test-storybook', '--url', url, '--maxWorkers', workers, ...process.argv.slice(2)],
  { stdio: 'inherit', detached: true },
);
children.push(runner);
const code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
process.exit(code);
