import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { storiesReached } from '../scripts/changed-stories.mjs';

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
    expect(stories).toContain('stories/routes/FileManagerRoute.stories.tsx');
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

  it('runs none for the server or the README', () => {
    expect(reached(['server/app.ts', 'README.md'])).toEqual([]);
  });
});
