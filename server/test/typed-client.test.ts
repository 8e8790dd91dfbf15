/**
 * A typed client generated from the served OpenAPI document (openapi-typescript +
 * openapi-fetch) type-checks against it and drives the real server over HTTP: sign in, create,
 * search, publish, read publicly, and an action whose body is all optional called without one.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TSCONFIG, generateApiTypes, writeApiTypes } from './typed-client/generate.ts';
import { ADMIN, backends, openHarness, type Harness } from './helpers.ts';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** drive.ts imports declarations generated in beforeAll, so it is loaded only then (and the project's own type-check, run on a fresh clone, never follows it). */
type Drive = (baseUrl: string, credentials: { email: string; password: string }, slug: string) => Promise<{
  found: string[];
  publishedStatus: string;
  publicTitle: string | null | undefined;
  restoredStatus: string;
}>;
async function loadDrive(): Promise<Drive> {
  const specifier = new URL('./typed-client/drive.ts', import.meta.url).href;
  return ((await import(/* @vite-ignore */ specifier)) as { drive: Drive }).drive;
}

/** The server's base URL once listening on a free port of the loopback. */
async function listen(h: Harness): Promise<string> {
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}

describe('a client generated from the served document', () => {
  let h: Harness;
  let baseUrl: string;
  let document: object;

  beforeAll(async () => {
    h = await openHarness(backends[0]!);
    baseUrl = await listen(h);
    document = (await (await fetch(`${baseUrl}/api/docs/openapi.json`)).json()) as object;
    await writeApiTypes(document);
  }, 60_000);
  afterAll(() => h?.close());

  it('type-checks against the generated declarations', async () => {
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', CLIENT_TSCONFIG, '--noEmit'], { encoding: 'utf8' }).then(
      () => ({ code: 0, output: '' }),
      (err: { code: number; stdout: string }) => ({ code: err.code, output: err.stdout }),
    );
    expect(run.output).toBe('');
    expect(run.code).toBe(0);
  }, 120_000);

  it('names each operation, and leaves an all-optional body optional', async () => {
    const types = await generateApiTypes(document);
    expect(types).toMatch(/\n {4}restoreArticle: \{[\s\S]*?\n {8}requestBody\?: \{/);
    expect(types).toMatch(/\n {4}rescrapeArticle: \{[\s\S]*?\n {8}requestBody\?: \{/);
    // A body with a required field stays required.
    expect(types).toMatch(/\n {4}signIn: \{[\s\S]*?\n {8}requestBody: \{/);
  });

  for (const backend of backends) {
    describe(backend.name, () => {
      let target: Harness;
      let url: string;
      beforeAll(async () => {
        target = backend === backends[0] ? h : await openHarness(backend);
        url = target === h ? baseUrl : await listen(target);
      }, 60_000);
      afterAll(() => (target !== h ? target?.close() : undefined));

      it('signs in, creates, searches, publishes, reads publicly, trashes and restores without a body', async () => {
        const slug = `typed-${backend.name}`;
        const result = await (await loadDrive())(url, ADMIN, slug);
        const [created] = (
          await target.db.query<{ id: string; status: string }>('SELECT id, status FROM articles WHERE slug = $1', [slug])
        ).rows;
        expect(created).toBeDefined();
        expect(result.found).toContain(created!.id);
        expect(result.publishedStatus).toBe('published');
        expect(result.publicTitle).toBe('Typed tomatoes');
        expect(result.restoredStatus).toBe('published');
        expect(created!.status).toBe('published');
      });
    });
  }
});
