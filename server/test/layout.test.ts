// How the server is laid out, kept so by tests:
// - SQL lives in server/db (connections, migrations, helpers) and server/repositories (one module
//   per resource). A statement written anywhere else fails here.
// - Routes validate, call one operation and answer: no repository, no database, no side effect
//   of their own (activity entries, webhook events, revisions, transactions, queued checks).
// - Capabilities (articles, files, webhooks, accounts, history, scrape, …) use one another only
//   through each one's operations module; what two of them share lives in a shared folder
//   (db, repositories, shared, workers), which imports no capability.
// - No import circle among the server's modules.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** Where SQL belongs, and what is not the server itself (tests, the fault and crash drills among them). */
const EXEMPT = ['db', 'repositories', 'test'];

/**
 * A string literal (quotes or backticks) that starts with an SQL statement's keyword, followed by
 * what a statement goes on with (a name, `*`, `(`, a number or `${`), not by a route's path as in
 * 'DELETE /api/files/:id'. The keyword may be on the line after a backtick.
 */
const SQL_STATEMENT = /[`'"]\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER)\s+[\w*($]/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|mjs|js)$/.test(file))
    .map((file) => path.join(dir, file));
}

/** `file:line: text` of every SQL statement in `files`. */
function statementsIn(files: string[]): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    return [...text.matchAll(SQL_STATEMENT)].map((match) => {
      // The line of the keyword (the match may start with a backtick on the line before).
      const line = text.slice(0, match.index + match[0].length).split('\n').length;
      return `${path.relative(serverDir, file)}:${line}: ${lines[line - 1]!.trim()}`;
    });
  });
}

/** Folders every capability may use: they import no capability themselves. */
const SHARED = ['db', 'repositories', 'shared', 'workers'];
/** What is not a capability: the HTTP routes, the operator's commands, the tests. */
const EDGES = ['routes', 'cli', 'test'];
/** The modules that register every capability's work (the app, the worker threads' tasks). */
const WIRING = ['app.ts', 'context.ts', 'main.ts', 'openapi.ts', 'workers/tasks.ts', 'workers/worker.mjs'];

/** A module's relative imports (runtime ones, or all with `types`), as paths under server/. */
function importsOf(file: string, types = false): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...[...text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+'(\.\.?\/[^']+)'/gms)]
      .filter((match) => types || !match[1])
      .map((match) => match[2]!),
    ...[...text.matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map((match) => match[1]!),
  ];
  return found
    .map((target) => path.relative(serverDir, path.resolve(path.dirname(file), target)).split(path.sep).join('/'))
    .filter((target) => !target.startsWith('..'));
}

/** The capability (top folder) of a module under server/, or undefined for the root, the shared folders and the edges. */
function capabilityOf(module: string): string | undefined {
  const [top, ...rest] = module.split('/');
  if (rest.length === 0 || SHARED.includes(top!) || EDGES.includes(top!)) return undefined;
  return top;
}

/** A capability's face to the others: its operations module. */
const isOperations = (module: string) => /^[\w-]+\/operations(\.ts|\/index\.ts)$/.test(module);

/** What a route module may not do: touch the database or write a side effect itself. */
const ROUTE_FORBIDDEN = [
  { what: 'imports a repository', pattern: /from\s+'\.\.\/repositories\//g },
  { what: 'imports the database', pattern: /^import\s+(?!type\b)[^;]*from\s+'\.\.\/db\//gm },
  { what: 'imports history', pattern: /from\s+'\.\.\/history\//g },
  { what: 'imports the webhooks outbox', pattern: /from\s+'\.\.\/webhooks\/events/g },
  { what: 'opens a transaction', pattern: /\.transaction\(/g },
  { what: 'runs a statement', pattern: /\.query\(/g },
  { what: 'records activity', pattern: /recordActivit\w*\(/g },
  { what: 'emits webhook events', pattern: /emit\w*Events?\(/g },
  { what: 'records a revision', pattern: /record\w*Revisions?\(/g },
  { what: 'queues checks', pattern: /checks\.add\(/g },
];

/** `file:line: what` of everything a route module does that only operations may. */
function routeViolations(file: string, text = readFileSync(file, 'utf8')): string[] {
  return ROUTE_FORBIDDEN.flatMap(({ what, pattern }) =>
    [...text.matchAll(pattern)].map((match) => `${path.relative(serverDir, file)}:${text.slice(0, match.index).split('\n').length}: ${what}`),
  );
}

/** The import circles among `modules` (each as its path of modules), one per circle. */
function circles(imports: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (module: string, trail: string[]) => {
    const at = trail.indexOf(module);
    if (at >= 0) {
      found.push([...trail.slice(at), module]);
      return;
    }
    if (done.has(module)) return;
    for (const next of imports.get(module) ?? []) if (imports.has(next)) walk(next, [...trail, module]);
    done.add(module);
  };
  for (const module of imports.keys()) walk(module, []);
  return found;
}

describe('server layout', () => {
  const product = sourcesUnder(serverDir).filter((file) => path.relative(serverDir, file).split(path.sep)[0] !== 'test');
  const moduleOf = (file: string) => path.relative(serverDir, file).split(path.sep).join('/');

  it('has routes that validate, call one operation and answer: no repository, database or side effect of their own', () => {
    const routes = sourcesUnder(path.join(serverDir, 'routes'));
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.flatMap((file) => routeViolations(file))).toEqual([]);
  });

  it('catches a route that writes a side effect itself (the rule is not blind)', () => {
    const sample = [
      "import { getArticle } from '../repositories/articles.ts';",
      "import { isUniqueViolation } from '../db/database.ts';",
      "import type { Queryable } from '../db/database.ts';",
      'await db.transaction(async (tx) => {',
      "  await recordActivity(tx, 'article.html', 'x');",
      "  await emitArticleEvents(tx, 'article.updated', [id]);",
      '  await recordRevision(tx, before, after, write);',
      '});',
      'ctx.checks.add(id);',
    ].join('\n');
    expect(routeViolations(path.join(serverDir, 'routes', 'sample.ts'), sample).map((v) => v.split(': ')[1])).toEqual([
      'imports a repository',
      'imports the database',
      'opens a transaction',
      'records activity',
      'emits webhook events',
      'records a revision',
      'queues checks',
    ]);
  });

  it('has capabilities that use one another only through their operations modules', () => {
    const crossings = product.flatMap((file) => {
      const from = moduleOf(file);
      const own = capabilityOf(from);
      if (!own || WIRING.includes(from)) return [];
      return importsOf(file)
        .filter((target) => {
          const other = capabilityOf(target);
          return other !== undefined && other !== own && !isOperations(target);
        })
        .map((target) => `${from} → ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('has shared folders that import no capability', () => {
    const inward = product.flatMap((file) => {
      const from = moduleOf(file);
      if (!SHARED.includes(from.split('/')[0]!) || WIRING.includes(from)) return [];
      return importsOf(file)
        .filter((target) => capabilityOf(target) !== undefined)
        .map((target) => `${from} → ${target}`);
    });
    expect(inward).toEqual([]);
  });

  it('has no import circle among the server modules (runtime imports)', () => {
    const imports = new Map(product.map((file) => [moduleOf(file), importsOf(file)]));
    expect(imports.get('routes/articles.ts')).toContain('articles/operations/index.ts');
    expect(circles(imports)).toEqual([]);
    // The walk finds a circle where there is one.
    expect(circles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('has SQL statements only in server/db and server/repositories', () => {
    const files = sourcesUnder(serverDir).filter(
      (file) => !EXEMPT.includes(path.relative(serverDir, file).split(path.sep)[0]!),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(statementsIn(files)).toEqual([]);
  });

  it('keeps its root to the app itself: domains in folders, no drills beside the product', () => {
    const root = readdirSync(serverDir, { withFileTypes: true });
    expect(root.filter((entry) => entry.isFile()).map((entry) => entry.name).sort()).toEqual(
      ['app.ts', 'config.ts', 'context.ts', 'errors.ts', 'ids.ts', 'main.ts', 'openapi.ts'],
    );
    expect(root.some((entry) => entry.name === 'reliability')).toBe(false);
  });

  it('has no import circle among the database modules (type imports included)', () => {
    const dbDir = path.join(serverDir, 'db');
    // Each module by its path under server/db (migrations/index.ts), with the modules of server/db it imports.
    const imports = new Map<string, string[]>();
    for (const file of sourcesUnder(dbDir)) {
      const text = readFileSync(file, 'utf8');
      const local = [...text.matchAll(/from\s+'(\.\.?\/[^']+)'/g)]
        .map((match) => path.relative(dbDir, path.resolve(path.dirname(file), match[1]!)))
        .filter((target) => !target.startsWith('..'))
        .map((target) => target.split(path.sep).join('/'));
      imports.set(path.relative(dbDir, file).split(path.sep).join('/'), local);
    }
    const circle = (start: string): string[] | undefined => {
      const walk = (file: string, trail: string[]): string[] | undefined => {
        for (const next of imports.get(file) ?? []) {
          if (next === start) return [...trail, next];
          if (!trail.includes(next)) {
            const found = walk(next, [...trail, next]);
            if (found) return found;
          }
        }
        return undefined;
      };
      return walk(start, [start]);
    };
    expect(imports.get('database.ts')).toContain('pglite-thread.ts');
    expect(imports.get('migrate.ts')).toContain('migrations/index.ts');
    expect(imports.get('migrations/007-titles-and-full-text-search.ts')).toContain('searchSql.ts');
    expect([...imports.keys()].map(circle).filter(Boolean)).toEqual([]);
  });

  it('finds the statements of every repository, and not route names (the pattern is not blind)', () => {
    const repositories = path.join(serverDir, 'repositories');
    for (const resource of ['activity', 'articles', 'files', 'users']) {
      const found = statementsIn([path.join(repositories, `${resource}.ts`)]);
      expect(found.length, `${resource}.ts`).toBeGreaterThan(0);
    }
    expect(statementsIn([path.join(repositories, 'users.ts')]).join('\n')).toMatch(/WITH gone/);
    const sample = "const summary = { 'DELETE /api/files/:id': 'Delete a file' };\nconst sql = `\n  SELECT 1`;";
    expect([...sample.matchAll(SQL_STATEMENT)].map((match) => match[1])).toEqual(['SELECT']);
  });
});
