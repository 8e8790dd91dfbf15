/**
 * The site bench:scrape reads, in a process of its own so that making and sending its pages never
 * holds up the process that times the health checks: 2.2 MB pages as real ones weigh (inline
 * script data, then a long article), each made once, before it is first asked for. SITE_PORT
 * gives the port; SITE_PAGES how many pages to make at start (`/page/0` …).
 */
import http from 'node:http';

const words = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => ['coffee', 'morning', 'brew', 'grind', 'water', 'roast', 'cup', 'bean'][(i * 7 + seed) % 8]).join(' ');

export function largePage(seed: number) {
  const state = JSON.stringify({ items: Array.from({ length: 25_000 }, (_, i) => ({ id: i, text: words(10, i + seed) })) });
  const paragraphs = Array.from({ length: 600 }, (_, i) => `<div class="wrap"><p>Paragraph ${i}: <span>${words(40, i + seed)}</span> <a href="/p/${i}">link</a>.</p></div>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Long page ${seed}</title><script>window.__S__=${state};</script></head><body><article><h1>Long page ${seed}</h1>${paragraphs.join('\n')}</article></body></html>`;
}

const pages = new Map<string, Buffer>();
for (let i = 0; i < Number(process.env.SITE_PAGES ?? 12); i++) pages.set(`/page/${i}`, Buffer.from(largePage(i)));

http
  .createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    if (!body) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  })
  .listen(Number(process.env.SITE_PORT), '127.0.0.1');
