/**
 * Browser security: the console page's own headers (CSP without inline script, no framing),
 * hostile blog HTML and hostile pages in the article screen's previews, and hostile SVG uploads
 * opened directly. Every payload tries to do something observable with the admin's session: read
 * or write the console's storage and cookie, change its title, call the API (create an article
 * with a marker slug, read /auth/me), open a dialog, navigate the console, and it reports each
 * success to a beacon URL on the console's origin that Playwright answers (a CSP inherited from
 * the console would not stop those). The tests assert that nothing of it happened, and, where
 * scripts are meant to run (a website preview's page), that they did run, so the absence of an
 * effect means something.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, adminEmail, adminPassword, apiAs, createArticle, expectConsoleErrors } from './support';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let origin = '';
const createdArticles: string[] = [];
const createdFiles: string[] = [];

/** What the test puts in the console's storage and a readable cookie, for payloads to steal. */
const SECRET_KEY = 'console-secret';
const SECRET = 'S3CRET-of-the-console';
/** A third-party host (answered by Playwright) for the references an SVG must not make. */
const TRACKER = 'http://tracker.test';

test.beforeAll(async ({ baseURL }) => {
  api = await apiAs(baseURL!);
  origin = new URL(baseURL!).origin;
});
test.afterAll(async () => {
  for (const id of createdArticles) await api.delete(`/api/articles/${id}`);
  for (const id of createdFiles) {
    // Deleted for good (a delete alone keeps the file in the trash).
    await api.delete(`/api/files/${id}`);
    await api.delete(`/api/files/${id}/forever`);
  }
  await api.dispose();
});

/** Escaped for a double-quoted HTML or XML attribute. */
const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The attack, as script text (no double quotes in it, so it fits in attributes and URLs). `via`
 * names the path that ran it; every success is reported to /__beacon__/<via>/hit-….
 */
function attack(via: string): string {
  return `(function(){var v='${via}',C='${origin}',B=C+'/__beacon__/'+v+'/';
function hit(w,d){try{navigator.sendBeacon(B+w+(d===undefined?'':'?d='+encodeURIComponent(String(d))))}catch(e){}}
hit('ran');var p=[];
try{hit('hit-parent-local-storage',parent.localStorage.getItem('${SECRET_KEY}'))}catch(e){}
try{hit('hit-parent-session-storage',parent.sessionStorage.getItem('${SECRET_KEY}'))}catch(e){}
try{parent.localStorage.setItem('pwned',v);hit('hit-parent-storage-write')}catch(e){}
try{top.document.title='pwned '+v;hit('hit-top-title')}catch(e){}
try{hit('hit-top-cookie',top.document.cookie)}catch(e){}
try{var c=document.cookie;if(c.indexOf('${SECRET_KEY}')>=0)hit('hit-cookie',c)}catch(e){}
try{var l=localStorage.getItem('${SECRET_KEY}');if(l)hit('hit-own-storage',l)}catch(e){}
try{p.push(fetch(C+'/api/articles',{method:'POST',credentials:'include',headers:{'content-type':'application/json'},body:JSON.stringify({slug:'pwned-'+v})}).then(function(r){if(r.status<400)hit('hit-api-write',r.status)}))}catch(e){}
try{p.push(fetch(C+'/api/articles',{method:'POST',mode:'no-cors',credentials:'include',body:JSON.stringify({slug:'pwned-nc-'+v})}))}catch(e){}
try{p.push(fetch(C+'/api/auth/me',{credentials:'include'}).then(function(r){return r.text()}).then(function(t){hit('hit-api-read',t)}))}catch(e){}
try{alert('pwned '+v)}catch(e){}
Promise.allSettled(p).then(function(){hit('done');try{top.location.href=B+'hit-top-navigation'}catch(e){}});
})()`;
}

/** Blog HTML (and raw text) that tries every way of running script or leaving the frame. */
function hostileHtml(): string {
  const on = (via: string) => attr(attack(via));
  return `<meta http-equiv="refresh" content="1;url=${origin}/api/health?via=meta-refresh">
<h1 id="hostile-marker">A perfectly normal article</h1>
<p>Its text, then everything a hostile page would try.</p>
<script>${attack('script')}</script>
<img alt="broken" src="data:image/png;base64,AAAA" onerror="${on('img-onerror')}">
<svg width="10" height="10" onload="${on('svg-onload')}"><rect width="10" height="10"/></svg>
<details open ontoggle="${on('details-ontoggle')}"><summary>More</summary>Hidden</details>
<input id="autofocus" autofocus onfocus="${on('autofocus')}">
<p><a id="js-link" href="javascript:${on('js-link')}">A javascript: link</a></p>
<p><a id="top-link" target="_top" href="${origin}/api/health?via=top-link">Leave the frame</a></p>
<p><a id="popup-link" target="_blank" href="${origin}/api/health?via=popup-link">Open a window</a></p>
<iframe id="nested" srcdoc="${attr(`<script>${attack('srcdoc')}</script><p id=nested-ok>nested</p>`)}"></iframe>
<object data="data:text/html,${encodeURIComponent(`<script>${attack('object')}</script>`)}"></object>
<embed src="javascript:${on('embed')}">
<form id="hostile-form" action="${origin}/api/articles?via=form" method="post" enctype="text/plain">
<input type="hidden" name='{"slug":"pwned-form","x":"' value='"}'><button id="form-submit">Send</button></form>`;
}

/** A page of a scraped site, or on the console's own origin (the worst case), with the attack. */
const hostilePage = (via: string) =>
  `<!doctype html><html><head><title>Hostile site</title></head><body><h1>Hostile site</h1><script>${attack(via)}</script></body></html>`;

/** An SVG with script, handlers, foreignObject and external references. */
function hostileSvg(via: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" viewBox="0 0 120 60" onload="${attr(attack(`${via}-onload`))}">
<title>Hostile logo</title>
<script type="text/javascript"><![CDATA[${attack(via)}]]></script>
<rect width="120" height="60" fill="#2a6f97"/>
<image href="${TRACKER}/${via}/href.png" width="10" height="10"/>
<image xlink:href="${TRACKER}/${via}/xlink.png" x="10" width="10" height="10"/>
<a href="javascript:${attr(attack(`${via}-link`))}"><text x="5" y="50">link</text></a>
<foreignObject width="100" height="50"><body xmlns="http://www.w3.org/1999/xhtml"><img src="data:image/png;base64,AAAA" onerror="${attr(attack(`${via}-foreign`))}"/><iframe srcdoc="${attr(`<script>${attack(`${via}-foreign-frame`)}</script>`)}"></iframe></body></foreignObject>
</svg>`;
}

/** A logo that looks harmless: its tricks hide in animation, styles and links. */
function benignLookingSvg(via: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="48" height="48" viewBox="0 0 48 48">
<style>@import url(${TRACKER}/${via}/import.css); circle { fill: url(${TRACKER}/${via}/fill.svg#g) }</style>
<circle cx="24" cy="24" r="20" fill="#e63946" style="background-image:url(${TRACKER}/${via}/style.png)"/>
<a xlink:href="javascript:${attr(attack(`${via}-xlink`))}"><rect width="8" height="8"/></a>
<animate attributeName="href" values="javascript:${attr(attack(`${via}-animate`))}"/>
<set attributeName="onmouseover" to="${attr(attack(`${via}-set`))}"/>
<use href="${TRACKER}/${via}/sprite.svg#icon"/>
</svg>`;
}

interface Watch {
  /** Paths under /__beacon__/ that were asked for (`<via>/<what>`). */
  beacons: string[];
  dialogs: string[];
  /** Every URL the page or its frames asked for (also those the browser then blocked). */
  requests: string[];
  /** Requests that reached the third-party tracker (not blocked before leaving the browser). */
  tracker: string[];
  /** What the page and its frames logged (Chromium logs what a sandbox or CSP refused). */
  console: string[];
}

/** Answers the beacon and the tracker, and records beacons, dialogs, requests and console lines. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { beacons: [], dialogs: [], requests: [], tracker: [], console: [] };
  await page.context().route(`${origin}/__beacon__/**`, (route) => {
    const url = new URL(route.request().url());
    w.beacons.push(url.pathname.slice('/__beacon__/'.length) + url.search);
    return route.fulfill({ status: 204 });
  });
  await page.context().route(`${TRACKER}/**`, (route) => {
    w.tracker.push(route.request().url());
    return route.fulfill({ status: 404, body: '' });
  });
  page.on('dialog', (dialog) => {
    w.dialogs.push(dialog.message());
    // The payload may navigate away or close its own dialog first: a dialog already gone is fine.
    dialog.dismiss().catch(() => undefined);
  });
  page.on('request', (request) => w.requests.push(request.url()));
  page.on('console', (message) => w.console.push(message.text()));
  return w;
}

/**
 * The marker that a document's moment to run script has passed, with no sleep: the page leaves
 * it for a page of the test's own. Its script could only have run while it was open, and the
 * first thing the attack does is a beacon, sent before the marker page is asked for.
 */
async function leaveForMarker(page: Page) {
  const marker = `${origin}/__marker__/${Date.now()}`;
  await page.context().route(marker, (route) => route.fulfill({ contentType: 'text/html', body: '<title>marker</title>' }));
  await page.goto(marker);
  await expect(page).toHaveTitle('marker');
}

/** Beacons that report a success (anything but "ran" and "done"). */
const hits = (w: Watch) => w.beacons.filter((b) => /\/hit-/.test(b));

/** Puts a secret in the console's localStorage, sessionStorage and a readable cookie. */
async function plantSecrets(page: Page) {
  await page.context().addCookies([{ name: SECRET_KEY, value: SECRET, url: origin }]);
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key!, value!);
      sessionStorage.setItem(key!, value!);
    },
    [SECRET_KEY, SECRET],
  );
}

/**
 * Signs the page's browser context in through the API (the session cookie lands in its jar),
 * then opens `path`. The sign-in screen itself is tested in console.spec.ts.
 */
async function signedIn(page: Page, path: string) {
  const login = await page.request.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.ok()).toBe(true);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function articleTotal(): Promise<number> {
  const stats = (await (await api.get('/api/articles/admin/stats')).json()) as { counts: { all: number } };
  return stats.counts.all;
}

async function pwnedArticles(): Promise<string[]> {
  const res = await api.get('/api/articles/admin/articles', { params: { q: 'pwned', status: 'all' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { slug: string | null }[] }).data.map((a) => a.slug ?? '');
}

function cspDirectives(header: string | undefined): Map<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

test('the console page sends a strict CSP and security headers; injected inline script is blocked; it cannot be framed', async ({ page }) => {
  // What the page refuses to run, it says.
  expectConsoleErrors(page, /violates the following Content Security Policy directive/);
  for (const path of ['/login', '/']) {
    const res = await page.goto(path);
    const headers = res!.headers();
    const csp = cspDirectives(headers['content-security-policy']);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts, `${path}: script-src`).toBeDefined();
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'blob:', 'http:', 'https:']) {
      expect(scripts, `${path}: script-src without ${loose}`).not.toContain(loose);
    }
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(["'self'", "'none'"]).toEqual(expect.arrayContaining(csp.get('base-uri') ?? ['missing']));
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(headers['referrer-policy']);
    expect(headers['x-content-type-options']).toBe('nosniff');
  }

  // Script put into the page (as an XSS would) does not run: element, handler, javascript: URL.
  // (eval is not tried here: code evaluated by the test driver is exempt from the page's CSP;
  // the header check above covers 'unsafe-eval'.)
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  // Each refusal is a violation event, sent once the browser has decided not to run it: the
  // three events are the marker that each attempt's moment has passed (no sleep).
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    const allRefused = new Promise<void>((resolve) =>
      document.addEventListener('securitypolicyviolation', (e) => {
        violations.push(e.effectiveDirective);
        if (violations.length === 3) resolve();
      }),
    );
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.__pwnedInline = 1';
    document.head.append(script);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__pwnedHandler = 1');
    // Listeners run in the order they were added: once this one has run, the handler's turn has passed.
    const imgFailed = new Promise((resolve) => img.addEventListener('error', resolve));
    img.src = 'data:image/png;base64,AAAA';
    document.body.append(img);
    const link = document.createElement('a');
    link.href = 'javascript:window.__pwnedUrl = 1';
    document.body.append(link);
    link.click();
    await Promise.all([allRefused, imgFailed]);
    return { inline: w.__pwnedInline, handler: w.__pwnedHandler, url: w.__pwnedUrl, violations };
  });
  expect(outcome).toMatchObject({ inline: undefined, handler: undefined, url: undefined });
  expect(outcome.violations).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));

  // Another site framing the console (clickjacking) gets Chromium's error page in the frame.
  await page.route('http://framer.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe id="victim" src="${origin}/login" width="600" height="400"></iframe>` }),
  );
  await page.goto('http://framer.test/');
  await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
  expect(page.frames().filter((f) => f.url().startsWith(origin))).toEqual([]);
  await expect(page.frameLocator('#victim').getByLabel('Email')).toHaveCount(0);
});

test('hostile blog HTML, raw text and pages in the article previews cannot reach the console or the API', async ({ page }) => {
  // What the sandboxes, the CSP and the browser's private-network rules refuse the hostile pages, Chromium says.
  expectConsoleErrors(page, /sandboxed|Content Security Policy|blocked by CORS policy|net::ERR_FAILED|Refused to/);
  const w = await watch(page);
  const html = hostileHtml();
  // The scraped site's page, and a "new" page on the console's own origin (as if something
  // there served attacker HTML): both open in the website preview, with scripts on.
  const scrapedUrl = 'http://hostile.test/story';
  const newUrl = `${origin}/__hostile__/story`;
  await page.context().route(scrapedUrl, (route) => route.fulfill({ contentType: 'text/html', body: hostilePage('site-cross') }));
  await page.context().route(newUrl, (route) => route.fulfill({ contentType: 'text/html', body: hostilePage('site-same') }));

  const article = await createArticle(api, { slug: 'hostile-preview', blogData: html, scrappedData: html, scrapedUrl, newUrl });
  createdArticles.push(article.id);
  expect((await api.patch(`/api/articles/${article.id}/publish`)).ok()).toBe(true);
  const stored = ((await (await api.get(`/api/articles/${article.id}`)).json()) as { data: { status: string; blogData: string } }).data;
  expect(stored.status).toBe('published');
  // The server keeps blog HTML as written (the sandbox is what makes it safe to show); if it
  // ever sanitises on save, what it keeps must carry no script.
  if (stored.blogData !== html) expect(stored.blogData).not.toMatch(/<script|\son[a-z]+\s*=|javascript:/i);
  const totalBefore = await articleTotal();

  await signedIn(page, `/articles/${article.id}`);
  await plantSecrets(page);
  await page.reload();
  const title = await page.title();
  const consoleUrl = page.url();

  // The live preview: an empty sandbox. What it shows is what is stored, rendered in the frame.
  const live = page.locator('iframe[title="Live preview"]');
  await expect(live).toHaveAttribute('sandbox', '');
  expect(await live.getAttribute('srcdoc')).toBe(stored.blogData);
  const liveFrame = page.frameLocator('iframe[title="Live preview"]');
  await expect(liveFrame.locator('#hostile-marker')).toHaveText('A perfectly normal article');
  // The blog HTML never becomes part of the console's own page.
  await expect(page.locator('#hostile-marker')).toHaveCount(0);
  await expect(page.locator('#hostile-form')).toHaveCount(0);
  // The paths that need a click: a javascript: link, a form posting to the API, links to the top and a new window.
  // (A short timeout: were the frame to navigate away, the next click would wait for nothing.)
  for (const id of ['#js-link', '#form-submit', '#top-link', '#popup-link']) await liveFrame.locator(id).click({ timeout: 5_000 });
  await liveFrame.locator('#autofocus').focus({ timeout: 5_000 });

  // The raw text and the blog data are shown as text, not markup.
  await expect(page.getByRole('region', { name: 'Scrapped Data' })).toContainText('<script>(function(){');
  await expect(page.getByRole('region', { name: 'Blog Data' })).toContainText('onerror=');

  // The website preview: the page's scripts run (they report "done"), without the console's origin.
  const site = page.locator('iframe[title="Website Preview"]');
  const sandbox = (await site.getAttribute('sandbox')) ?? '';
  expect(sandbox.split(/\s+/)).toContain('allow-scripts');
  for (const token of ['allow-same-origin', 'allow-top-navigation', 'allow-top-navigation-by-user-activation', 'allow-modals', 'allow-popups-to-escape-sandbox']) {
    expect(sandbox).not.toContain(token);
  }
  const done = (via: string) => w.beacons.filter((b) => b === `${via}/done`).length;
  await expect.poll(() => done('site-cross')).toBe(1);
  // In the device frames too (the tablet frame loads it again; the phone is reloaded by hand),
  // and from the other source.
  const devices = page.getByRole('radiogroup', { name: 'Preview device' });
  await devices.getByText('Tablet', { exact: true }).click();
  await expect(site).toHaveAttribute('width', '768');
  await expect.poll(() => done('site-cross')).toBe(2);
  await devices.getByText('Mobile', { exact: true }).click();
  await expect(site).toHaveAttribute('width', '375');
  await page.getByRole('button', { name: 'Refresh preview' }).click();
  await expect.poll(() => done('site-cross')).toBe(3);
  await page.getByRole('radiogroup', { name: 'Preview source' }).getByText('New URL', { exact: true }).click();
  await expect(site).toHaveAttribute('src', newUrl);
  await expect.poll(() => done('site-same')).toBe(1);
  await devices.getByText('Desktop', { exact: true }).click();
  await expect.poll(() => done('site-same')).toBe(2);
  // The meta refresh of the blog HTML waits 1 s. The marker that its moment has passed: a frame
  // of the console's page, added after the live preview loaded, whose own refresh waits 2 s.
  await page.evaluate(() => {
    const control = document.createElement('iframe');
    control.name = 'refresh-control';
    control.srcdoc = '<meta http-equiv="refresh" content="2;url=about:blank#refreshed">';
    document.body.append(control);
  });
  await expect.poll(() => page.frame({ name: 'refresh-control' })?.url()).toBe('about:blank#refreshed');

  // Nothing ran in the live preview; what ran in the website preview reached nothing.
  const ran = [...new Set(w.beacons.filter((b) => b.endsWith('/ran')))].sort();
  expect(ran).toEqual(['site-cross/ran', 'site-same/ran']);
  expect(hits(w)).toEqual([]);
  // Chromium says what it refused (scripts, forms, top navigation, modals in sandboxed frames).
  expect(w.console.filter((line) => /sandboxed/.test(line)).length).toBeGreaterThan(5);
  expect(w.dialogs).toEqual([]);
  expect(w.requests.filter((url) => /[?&]via=/.test(url))).toEqual([]);
  expect(page.url()).toBe(consoleUrl);
  expect(await page.title()).toBe(title);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SECRET_KEY)).toBe(SECRET);
  expect(await pwnedArticles()).toEqual([]);
  expect(await articleTotal()).toBe(totalBefore);
});

test('uploaded SVG: script, handlers, foreignObject and external references are removed, and the file headers alone stop a hostile SVG', async ({ page }) => {
  // What the sandboxes, the CSP and the browser's private-network rules refuse the hostile pages, Chromium says.
  expectConsoleErrors(page, /sandboxed|Content Security Policy|blocked by CORS policy|net::ERR_FAILED|Refused to/);
  // The control at the end runs the payload on purpose: the tracker answers 404, the API refuses its forged post (400).
  expectConsoleErrors(page, /\(http:\/\/tracker\.test\/|status of 400 \(Bad Request\) \(.*\/api\/articles\)$/);
  const w = await watch(page);
  const totalBefore = await articleTotal();
  await signedIn(page, '/file-manager');
  await plantSecrets(page);

  // Both are accepted (the server sanitises SVG rather than refusing it).
  await page.getByLabel('Files to upload').setInputFiles([
    { name: 'hostile.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(hostileSvg('svg-file')) },
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(benignLookingSvg('svg-logo')) },
  ]);
  await expect(page.getByRole('button', { name: 'Actions for hostile.svg' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for logo.svg' })).toBeVisible();

  const list = (await (await api.get('/api/files', { params: { search: '.svg', type: 'image' } })).json()) as {
    data: { id: string; name: string; url: string; mimeType: string }[];
  };
  const files = list.data.filter((f) => f.name === 'hostile.svg' || f.name === 'logo.svg');
  expect(files).toHaveLength(2);
  createdFiles.push(...files.map((f) => f.id));

  let fileHeaders: Record<string, string> = {};
  for (const file of files) {
    expect(file.mimeType).toBe('image/svg+xml');
    const stored = await (await api.get(file.url)).text();
    expect(stored).toContain('<svg');
    const bads = [/<script/i, /\son[a-z]+\s*=/i, /foreignObject/i, /javascript:/i, /tracker\.test/, /@import/i, /<iframe/i, /<(set|animate)\b/i];
    for (const bad of bads) {
      expect(stored, `${file.name} stored without ${bad}`).not.toMatch(bad);
    }
    // Opened directly, as a link to it would be.
    const res = await page.goto(`${origin}${file.url}`);
    const headers = res!.headers();
    expect(headers['content-type']).toBe('image/svg+xml');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-disposition']).toMatch(new RegExp(`^inline; filename="${file.name}"`));
    const csp = cspDirectives(headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('sandbox')).not.toContain('allow-scripts');
    expect(csp.has('script-src')).toBe(false);
    fileHeaders = headers;
    const download = await api.get(file.url, { params: { download: '1' } });
    expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  }
  await leaveForMarker(page);

  // The unsanitised SVG, served with the headers the server sends for SVG files: nothing runs.
  const rawUrl = `${origin}/__raw__/hostile.svg`;
  const served = Object.fromEntries(Object.entries(fileHeaders).filter(([name]) => name !== 'content-length'));
  await page.context().route(rawUrl, (route) => route.fulfill({ status: 200, headers: served, body: hostileSvg('svg-raw') }));
  await page.goto(rawUrl);
  await leaveForMarker(page);

  expect(w.beacons).toEqual([]);
  expect(w.tracker).toEqual([]);
  expect(w.dialogs).toEqual([]);
  expect(await page.title()).not.toMatch(/pwned/);
  await page.goto('/file-manager');
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  expect(await pwnedArticles()).toEqual([]);
  expect(await articleTotal()).toBe(totalBefore);

  // Control: the same bytes without those headers do run as the admin. That is what the
  // headers (and the sanitiser) prevent, and it shows the payload and the watchers work.
  const bareUrl = `${origin}/__raw__/bare.svg`;
  await page.context().route(bareUrl, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: hostileSvg('svg-control') }),
  );
  // Not waiting for its load event: the payload's own requests and dialogs may hold it back (once
  // past a minute in CI); the polls below wait for what it does.
  await page.goto(bareUrl, { waitUntil: 'commit' });
  await expect.poll(() => w.beacons.filter((b) => b.startsWith('svg-control/hit-api-write')).length).toBeGreaterThan(0);
  await expect.poll(() => w.beacons).toContain(`svg-control/hit-parent-local-storage?d=${SECRET}`);
  await expect.poll(() => w.tracker.length).toBeGreaterThan(0);
  await expect.poll(() => w.dialogs.length).toBeGreaterThan(0);
  await expect.poll(() => pwnedArticles()).toContain('pwned-svg-control');
  const control = (await (await api.get('/api/articles/admin/articles', { params: { q: 'pwned-svg-control' } })).json()) as {
    data: { id: string }[];
  };
  for (const a of control.data) createdArticles.push(a.id);
  await page.goto('/file-manager');
  await page.evaluate(() => localStorage.removeItem('pwned'));
});
