/**
 * Load for bench/history: PATCHes of the blog HTML of many articles from autocannon, each
 * request one paragraph more rewritten in its article (as an admin edits: one place at a time,
 * the earlier edits kept). Runs in its own process; prints autocannon's figures as JSON.
 *
 *   tsx bench/history/driver.ts '{"base":…,"token":…,"ids":[…],"paragraphs":[…],"seconds":10,"connections":10}'
 */
import autocannon from 'autocannon';

const { base, token, ids, paragraphs, seconds, connections } = JSON.parse(process.argv[2]!) as {
  base: string;
  token: string;
  ids: string[];
  paragraphs: string[];
  seconds: number;
  connections: number;
};

// Each article's paragraphs as the edits leave them.
const bodies = new Map(ids.map((id) => [id, [...paragraphs]]));
let sent = 0;

const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  requests: [
    {
      method: 'PATCH',
      setupRequest: (request) => {
        const n = sent++;
        const id = ids[n % ids.length]!;
        const article = bodies.get(id)!;
        const at = Math.floor(n / ids.length) % article.length;
        article[at] = `<p>Edit ${n}: ${article[at]!.slice(3)}`;
        return { ...request, path: `/api/articles/${id}`, body: JSON.stringify({ blogData: article.join('\n') }) };
      },
    },
  ],
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    duration: result.duration,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
  }),
);
