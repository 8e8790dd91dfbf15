// SQL lives in server/db (connections, migrations, helpers) and server/repositories (one module
// per resource); routes and services call those. A statement written anywhere else fails here.
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

describe('server layout', () => {
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
