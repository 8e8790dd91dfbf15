// The browser the Storybook test-runner, the end-to-end tests and bench:list drive: CHROMIUM_PATH,
// else Debian's chromium package, else Playwright's own Chromium if one was installed. Run as a
// script (first step of `npm test`), it stops at once with the command to get one.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export const INSTALL_HINT =
  "No Chromium found. Install Debian's: sudo apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium or Chrome binary).";

/** The first browser found, or undefined. */
export function findBrowser(env = process.env) {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    /* no Playwright browser */
  }
  return undefined;
}

/** The browser, or the reason there is none (for configs: fail with the hint, not a launch error). */
export function browserPath() {
  const found = findBrowser();
  if (!found) throw new Error(process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist. ${INSTALL_HINT}` : INSTALL_HINT);
  return found;
}

/** The browser's version (`156.0.8078.114`), as it says it; undefined if it does not. */
export function browserVersion(path = browserPath()) {
  try {
    return /(\d+\.\d+\.\d+\.\d+)/.exec(execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 }))?.[1];
  } catch {
    return undefined;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = findBrowser();
  if (!found) {
    console.error(process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.` : '', INSTALL_HINT);
    process.exit(1);
  }
  console.log(`Browser for the Storybook and end-to-end tests: ${found} (${browserVersion(found) ?? 'version unknown'})`);
}
