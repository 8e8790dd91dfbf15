/**
 * A client of the API as an integrator would write it: openapi-fetch typed by the declarations
 * openapi-typescript generates from the served document (.generated/api.d.ts, written by
 * server/test/typed-client.test.ts, which also type-checks this file against them). Every call
 * below must type-check: a route the document describes wrongly (a missing operation, a body
 * marked required, an answer of another shape) fails the compile or the run.
 */
import createClient from 'openapi-fetch';
import type { paths } from './.generated/api.d.ts';

export interface DriveResult {
  found: string[];
  publishedStatus: string;
  publicTitle: string | null | undefined;
  restoredStatus: string;
}

/** Signs in, creates an article, finds it, publishes it, reads it without a session, then trashes and restores it. */
export async function drive(baseUrl: string, credentials: { email: string; password: string }, slug: string): Promise<DriveResult> {
  const anonymous = createClient<paths>({ baseUrl });
  const signIn = await anonymous.POST('/api/auth/login', { body: credentials });
  if (!signIn.data) throw new Error(`sign-in refused: ${JSON.stringify(signIn.error)}`);

  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${signIn.data.accessToken}` } });
  const created = await client.POST('/api/articles', {
    body: { slug, title: 'Typed tomatoes', blogData: '<p>Grown from a generated client.</p>' },
  });
  if (!created.data) throw new Error(`create refused: ${JSON.stringify(created.error)}`);
  const { id } = created.data.data;

  const search = await client.GET('/api/articles/admin/articles', { params: { query: { q: 'typed tomatoes' } } });
  if (!search.data) throw new Error(`search refused: ${JSON.stringify(search.error)}`);

  const published = await client.PATCH('/api/articles/{id}/publish', { params: { path: { id } } });
  if (!published.data) throw new Error(`publish refused: ${JSON.stringify(published.error)}`);

  const read = await anonymous.GET('/api/public/articles/{slug}', { params: { path: { slug } } });
  if (!read.data) throw new Error(`public read refused: ${JSON.stringify(read.error)}`);

  // An action whose body fields are all optional is called without a body.
  const trashed = await client.DELETE('/api/articles/{id}', { params: { path: { id } } });
  if (trashed.error) throw new Error(`delete refused: ${JSON.stringify(trashed.error)}`);
  const restored = await client.POST('/api/articles/{id}/restore', { params: { path: { id } } });
  if (!restored.data) throw new Error(`restore refused: ${JSON.stringify(restored.error)}`);

  return {
    found: search.data.data.map((card) => card.id),
    publishedStatus: published.data.data.status,
    publicTitle: read.data.data.title,
    restoredStatus: restored.data.data.status,
  };
}
