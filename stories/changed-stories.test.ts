import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { storiesReached } from '../scripts/changed-stories.mjs';
// @ts-expect-error: a plain ES module of the scripts, without types
import { checkVisits, visitsOfRun } from '../scripts/story-visits.mjs';

const root = resolve(import.meta.dirname, '..');
const storyFiles = (readdirSync(join(root, 'stories'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.stories.tsx'))
  .map((file) => relative(root, join(root, 'stories', file)));

const reached = (changed: string[], owner: (name: string) => string | undefined = () => undefined) =>
  storiesReached(changed, storyFiles, owner) as string[] | 'all';

describe('the stories a change reaches (npm run test:visual -- --changed)', () => {
  it('follows imports at any depth: a menu reaches the file browser and the screens built on it, not the sign-in form', () => {
    const stories = reached(['src/components/files/FileActionsMenu.tsx']);
    expect(stories).toContain('stories/components/files/FileBrowser.stories.tsx');
    expect(stories).toContain('stories/routes/file-manager/FileManagerList.stories.tsx');
    expect(stories).not.toContain('stories/components/auth/LoginForm.stories.tsx');
    expect((stories as string[]).length).toBeLessThan(storyFiles.length / 2);
  });

  it('runs a story file that changed, and the story file of a baseline that changed', () => {
    expect(reached(['stories/components/auth/LoginForm.stories.tsx'])).toEqual(['stories/components/auth/LoginForm.stories.tsx']);
    const owner = (name: string) => (name.startsWith('components-auth-loginform--') ? 'stories/components/auth/LoginForm.stories.tsx' : undefined);
    expect(reached(['stories/__visual__/components-auth-loginform--refused.dark.png'], owner)).toEqual(['stories/components/auth/LoginForm.stories.tsx']);
  });

  it('runs every story when the theme, Storybook itself or the dependencies change', () => {
    expect(reached(['src/theme/index.ts'])).toBe('all');
    expect(reached(['.storybook/visual.ts'])).toBe('all');
    expect(reached(['package-lock.json'])).toBe('all');
  });

  it('runs none for the server, the README or the docs', () => {
    expect(reached(['server/app.ts', 'README.md', 'docs/architecture.md'])).toEqual([]);
  });

  it('reaches a screen loaded on demand only from the story files whose stories loaded it in the last whole run', () => {
    const visits = {
      lazy: ['src/routes/ArticleDetailRoute.tsx', 'src/routes/FileManagerRoute.tsx'],
      visits: {
        'stories/routes/article-detail/ArticleDetailStates.stories.tsx': ['src/routes/ArticleDetailRoute.tsx'],
        'stories/routes/file-manager/FileManagerList.stories.tsx': ['src/routes/FileManagerRoute.tsx'],
      },
    };
    const change = ['src/components/files/FileActionsMenu.tsx'];
    const withRecord = storiesReached(change, storyFiles, () => undefined, visits) as string[];
    expect(withRecord).toContain('stories/routes/file-manager/FileManagerList.stories.tsx');
    expect(withRecord).not.toContain('stories/routes/article-detail/ArticleDetailStates.stories.tsx');
    // A story file the record does not know (new since) follows every import.
    expect(withRecord).toContain('stories/routes/AccountRoute.stories.tsx');
    // Without a record, every screen's stories: their app's router can load every screen.
    expect(storiesReached(change, storyFiles, () => undefined, null)).toContain('stories/routes/article-detail/ArticleDetailStates.stories.tsx');
  });
});

describe('the screens each story file visits (stories/visits.json)', () => {
  /** A build of two screens loaded on demand, and what five stories' pages loaded in a run. */
  const withRun = (check: (build: string, loaded: string, dir: string) => void) => {
    const dir = mkdtempSync(join(tmpdir(), 'visits-test-'));
    try {
      mkdirSync(join(dir, 'build/.vite'), { recursive: true });
      mkdirSync(join(dir, 'loaded'));
      writeFileSync(
        join(dir, 'build/.vite/manifest.json'),
        JSON.stringify({
          'src/routes/A.tsx': { file: 'assets/A-1.js', isDynamicEntry: true },
          'src/routes/B.tsx': { file: 'assets/B-2.js', isDynamicEntry: true },
          'src/shared.ts': { file: 'assets/shared-3.js' },
        }),
      );
      const story = (id: string, file: string) => [id, { type: 'story', id, importPath: `./stories/${file}` }];
      writeFileSync(
        join(dir, 'build/index.json'),
        JSON.stringify({
          entries: Object.fromEntries([
            story('a--one', 'A.stories.tsx'),
            story('a--two', 'A.stories.tsx'),
            story('c--one', 'C.stories.tsx'),
            story('d--one', 'D.stories.tsx'),
            story('e--one', 'E.stories.tsx'),
            ['a--docs', { type: 'docs', id: 'a--docs', importPath: './stories/A.stories.tsx' }],
          ]),
        }),
      );
      const loaded = (id: string, scripts: string[], failed = false) => writeFileSync(join(dir, `loaded/${id}.json`), JSON.stringify({ scripts, failed }));
      loaded('a--one', ['assets/shared-3.js', 'assets/B-2.js']);
      loaded('a--two', ['assets/shared-3.js', 'assets/B-2.js', 'assets/A-1.js']);
      loaded('c--one', ['assets/shared-3.js']);
      // A story that failed, and one that never reported (its test timed out): their files did not run whole.
      loaded('d--one', ['assets/A-1.js'], true);
      check(join(dir, 'build'), join(dir, 'loaded'), dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("maps the scripts each story's page loaded to the modules loaded on demand, per story file that ran whole", () => {
    withRun((build, loaded) => {
      expect(visitsOfRun(build, loaded)).toEqual({
        lazy: ['src/routes/A.tsx', 'src/routes/B.tsx'],
        visits: { 'stories/A.stories.tsx': ['src/routes/A.tsx', 'src/routes/B.tsx'], 'stories/C.stories.tsx': [] },
        storyFiles: ['stories/A.stories.tsx', 'stories/C.stories.tsx', 'stories/D.stories.tsx', 'stories/E.stories.tsx'],
      });
    });
  });

  it('fails a run only on a module the record does not name (a record that names more only runs a file more), and updating writes what ran', () => {
    withRun((build, loaded, dir) => {
      const recordFile = join(dir, 'visits.json');
      const lazy = ['src/routes/A.tsx', 'src/routes/B.tsx'];
      const record = (visits: Record<string, string[]>) => writeFileSync(recordFile, `${JSON.stringify({ lazy, visits }, null, 2)}\n`);
      const check = (update = false) => checkVisits(build, loaded, { update, whole: false, recordFile }) as string[];

      // A screen still on its way when the file's last story ended (a busy machine): recorded, not loaded this run.
      record({ 'stories/A.stories.tsx': ['src/routes/A.tsx', 'src/routes/B.tsx'], 'stories/C.stories.tsx': ['src/routes/B.tsx'] });
      expect(check()).toEqual([]);

      // A screen the record does not name for a file: --changed would not have run that file for it.
      record({ 'stories/A.stories.tsx': ['src/routes/B.tsx'] });
      const before = readFileSync(recordFile, 'utf8');
      expect(check()).toEqual(['stories/A.stories.tsx (loads src/routes/A.tsx)', 'stories/C.stories.tsx (not recorded)']);
      // A check leaves the record as it was.
      expect(readFileSync(recordFile, 'utf8')).toBe(before);

      // Updating writes what each file that ran whole loaded (C no longer visits B); a file that
      // did not run whole keeps its entry. A check then passes.
      record({ 'stories/A.stories.tsx': ['src/routes/B.tsx'], 'stories/C.stories.tsx': ['src/routes/B.tsx'], 'stories/D.stories.tsx': ['src/routes/A.tsx'] });
      expect(check(true)).toEqual([]);
      expect(JSON.parse(readFileSync(recordFile, 'utf8')).visits).toEqual({
        'stories/A.stories.tsx': ['src/routes/A.tsx', 'src/routes/B.tsx'],
        'stories/C.stories.tsx': [],
        'stories/D.stories.tsx': ['src/routes/A.tsx'],
      });
      expect(check()).toEqual([]);
    });
  });
});
