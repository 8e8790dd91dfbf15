// Every component has a story: a story file at its path, or it is named below as shown by its
// parent's stories, and that is checked too (the parent's stories reach the parent, and the parent
// draws the component, itself or through one module between them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { closure, importsOf } from '../scripts/changed-stories.mjs';

const root = resolve(import.meta.dirname, '..');
const COMPONENTS = 'src/components';

/**
 * The components with no story file of their own, each with the story file that shows it: its
 * parent's (the component that story file's meta names), or, as [story file, parent], stories
 * and the module that draws it (a screen's, or a component's whose meta is shared between story
 * files). Only where those stories really render it.
 */
const SHOWN_BY_PARENT: Record<string, string | [stories: string, parent: string]> = {
  'account/AccountSection': 'stories/components/account/AccountsCard.stories.tsx',
  'account/Loading': 'stories/components/account/AccountsCard.stories.tsx',
  'account/NewPasswordFields': 'stories/components/account/ChangePasswordForm.stories.tsx',
  'account/OneTimeSecret': 'stories/components/account/AccountsCard.stories.tsx',
  'account/RoleSelect': 'stories/components/account/AccountsCard.stories.tsx',
  'analytics/ChartCard': 'stories/components/analytics/AnalyticsCards.stories.tsx',
  'analytics/DataTable': 'stories/components/analytics/AnalyticsCards.stories.tsx',
  'analytics/charts': 'stories/components/analytics/AnalyticsCards.stories.tsx',
  'article-detail/ArticleDetailView': ['stories/routes/article-detail/ArticleDetailStates.stories.tsx', 'src/routes/ArticleDetailRoute.tsx'],
  'article-detail/fold': ['stories/routes/article-detail/ArticleDetailStates.stories.tsx', 'src/components/article-detail/ArticleDetailView.tsx'],
  'article-detail/ReadOnlyText': 'stories/components/article-detail/DataCard.stories.tsx',
  'article-detail/SaveRow': 'stories/components/article-detail/SeoCard.stories.tsx',
  'article-editor/HtmlCodeEditor': 'stories/components/article-editor/HtmlEditorPreview.stories.tsx',
  'article-editor/LockNotice': 'stories/components/article-editor/SlugEditor.stories.tsx',
  'article-history/ArticleHistoryCard': ['stories/routes/article-detail/ArticleDetailHistory.stories.tsx', 'src/routes/ArticleDetailRoute.tsx'],
  'article-history/DiffPanes': 'stories/components/article-history/RevisionCompare.stories.tsx',
  'articles/ArticleSearchBox': 'stories/components/articles/ArticlesToolbar.stories.tsx',
  'articles/ArticleSiteSelect': 'stories/components/articles/ArticlesToolbar.stories.tsx',
  'articles/ArticleSortSelect': 'stories/components/articles/ArticlesToolbar.stories.tsx',
  'articles/HighlightedText': 'stories/components/articles/ArticleCard.stories.tsx',
  'articles/SelectCheckbox': 'stories/components/articles/ArticleCard.stories.tsx',
  'auth/LoginError': 'stories/components/auth/LoginForm.stories.tsx',
  'common/ClosableDialog': 'stories/components/files/FileVersionsDialog.stories.tsx',
  'common/CountTabs': 'stories/components/articles/ArticleFilterTabs.stories.tsx',
  'common/Sparkline': ['stories/components/sources/SourceList.stories.tsx', 'src/components/sources/SourceCard.tsx'],
  'dashboard/LoadingRows': 'stories/components/dashboard/RecentArticles.stories.tsx',
  'dashboard/StorageBar': 'stories/components/dashboard/SystemStatus.stories.tsx',
  'extraction/ExtractionBadge': 'stories/components/articles/ArticleCard.stories.tsx',
  'files/FileActionsMenu': ['stories/components/files/FileBrowserMenu.stories.tsx', 'src/components/files/FileBrowser.tsx'],
  'files/FileGrid': ['stories/components/files/FileBrowser.stories.tsx', 'src/components/files/FileBrowser.tsx'],
  'files/FileList': ['stories/components/files/FileBrowser.stories.tsx', 'src/components/files/FileBrowser.tsx'],
  'files/FileUsageList': 'stories/components/files/FileDetailsDialog.stories.tsx',
  'files/ReplaceFileInput': ['stories/routes/file-manager/FileManagerVersions.stories.tsx', 'src/routes/FileManagerRoute.tsx'],
  'lists/TrashList': 'stories/components/articles/ArticleTrashList.stories.tsx',
  'schedule/ScheduleBadges': 'stories/components/articles/ArticleCard.stories.tsx',
  'schedule/ScheduleFields': 'stories/components/article-detail/ScheduleCard.stories.tsx',
  'shell/ColorModeToggle': 'stories/components/shell/AppShell.stories.tsx',
  'shell/HeaderTools': 'stories/components/shell/AppShell.stories.tsx',
  'shell/IconModeTooltip': 'stories/components/shell/Sidebar.stories.tsx',
  'shell/MobileSidebarSheet': 'stories/components/shell/AppShell.stories.tsx',
  'common/ConfirmRemovalDialog': 'stories/components/webhooks/WebhookEndpointList.stories.tsx',
  'common/ActionOutcomeText': 'stories/components/webhooks/WebhookEndpointList.stories.tsx',
  'sources/SourceCard': 'stories/components/sources/SourceList.stories.tsx',
  'sources/SourceEntriesDialog': ['stories/routes/sources/SourcesScreen.stories.tsx', 'src/routes/SourcesRoute.tsx'],
  'webhooks/EditWebhookDialog': 'stories/components/webhooks/WebhookEndpointList.stories.tsx',
  'webhooks/WebhookDeliveriesDialog': ['stories/routes/webhooks/WebhooksDeliveryLog.stories.tsx', 'src/routes/WebhooksRoute.tsx'],
  'webhooks/WebhookEndpointCard': 'stories/components/webhooks/WebhookEndpointList.stories.tsx',
  'webhooks/WebhookFields': 'stories/components/webhooks/AddWebhookCard.stories.tsx',
};

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The modules loaded on demand each story file's stories loaded in the last whole run (scripts/story-visits.mjs). */
const visits = JSON.parse(read('stories/visits.json')) as { lazy: string[]; visits: Record<string, string[]> };

/** `folder/Name` of every module under src/components that exports a React component (a PascalCase function or constant). */
function components(): string[] {
  return (readdirSync(join(root, COMPONENTS), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.tsx') && !/\.test\.tsx$|(^|\/)index\.tsx$/.test(file))
    .filter((file) => /^export (default )?(function|const|class) [A-Z][a-z]\w*/m.test(read(join(COMPONENTS, file))))
    .map((file) => file.replace(/\.tsx$/, ''))
    .sort();
}

/** The story files at a component's path: beside its folder's, and for the shared pieces (common, lists) at the top too. */
function storyFilesOf(component: string): string[] {
  const [folder, name] = [dirname(component), basename(component)];
  const paths = [`stories/components/${folder}/${name}.stories.tsx`];
  if (folder === 'common' || folder === 'lists') paths.push(`stories/components/${name}.stories.tsx`);
  return paths.filter((path) => existsSync(join(root, path)));
}

/** `specifier` imported from `from`, as a project file (a folder's index included). */
function resolveFrom(from: string, specifier: string): string | undefined {
  const base = resolve(root, dirname(from), specifier);
  const found = ['', '.tsx', '.ts', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((path) => /\.tsx?$/.test(path) && existsSync(path));
  return found && relative(root, found);
}

/** The module that defines `name`, looked for through a barrel's re-exports. */
function definingModule(file: string, name: string): string | undefined {
  if (!isBarrel(file)) return file;
  const text = read(file);
  const named = new RegExp(`^export \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)';`, 'm').exec(text)?.[1];
  const candidates = named ? [named] : [...text.matchAll(/^export \* from '([^']+)';/gm)].map((m) => m[1]!);
  for (const specifier of candidates) {
    const target = resolveFrom(file, specifier);
    if (target && (named || new RegExp(`^export (function|const|class) ${name}\\b`, 'm').test(read(target)))) return definingModule(target, name);
  }
  return undefined;
}

/** The module of the component a story file's meta names (`component: X`, X imported by the file). */
function metaComponentOf(storyFile: string): string | undefined {
  const text = read(storyFile);
  const name = /^\s*component: (\w+),/m.exec(text)?.[1];
  const specifier = name && new RegExp(`^import \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)';`, 'm').exec(text)?.[1];
  const module = specifier && resolveFrom(storyFile, specifier);
  return module && definingModule(module, name);
}

const isBarrel = (file: string) => /(^|\/)index\.tsx?$/.test(file);

/**
 * The project modules `file` imports, loaded on demand or not; from a barrel (index.ts), the
 * modules that define the names it takes.
 */
function importsOfFile(file: string): string[] {
  const text = read(file);
  return (importsOf(file) as { target: string }[]).flatMap(({ target }) => {
    if (!isBarrel(target)) return [target];
    const names = [...text.matchAll(/^(?:import|export) (?:type )?\{([^}]*)\} from '([^']+)';/gm)]
      .filter((m) => resolveFrom(file, m[2]!) === target)
      .flatMap((m) => m[1]!.split(',').map((n) => n.trim().replace(/^type /, '').split(' as ')[0]!.trim()))
      .filter(Boolean);
    return names.map((name) => definingModule(target, name)).filter((module): module is string => !!module);
  });
}

describe('every component has a story', () => {
  const all = components();

  it('finds the components (modules that export one)', () => {
    expect(all).toContain('articles/ArticleCard');
    expect(all).toContain('common/Button');
    // Hooks and pure modules are not components.
    expect(all.some((c) => /(^|\/)use[A-Z]/.test(c))).toBe(false);
    expect(all.length).toBeGreaterThan(100);
  });

  it('has a story file at its path, or is named as shown by its parent’s stories', () => {
    const without = all.filter((component) => storyFilesOf(component).length === 0 && !(component in SHOWN_BY_PARENT));
    expect(without).toEqual([]);
  });

  it('names a component as shown by its parent only while it has no story file of its own, and while it exists', () => {
    const stale = Object.keys(SHOWN_BY_PARENT).filter((component) => !all.includes(component) || storyFilesOf(component).length > 0);
    expect(stale).toEqual([]);
  });

  it.each(Object.entries(SHOWN_BY_PARENT))('%s: the stories named render its parent, which draws it', (component, shownBy) => {
    const [stories, parent] = typeof shownBy === 'string' ? [shownBy, metaComponentOf(shownBy)] : shownBy;
    expect(existsSync(join(root, stories)), `${stories} exists`).toBe(true);
    expect(parent, `the component ${stories} is about`).toBeDefined();
    // The stories reach the parent: through imports, and a module loaded on demand (a screen
    // the app's router loads) only if those stories loaded it in the last whole run.
    const visited: string[] = visits.visits[stories] ?? [];
    const unvisited = (target: string) => visits.lazy.includes(target) && !visited.includes(target);
    expect([...(closure(stories, new Map(), unvisited) as Set<string>)], `${stories} reaches ${parent}`).toContain(parent);
    // The parent draws it: it imports it, or imports a module that does (a section of a screen);
    // or the stories hand it to the parent themselves (a module passed in their args).
    const child = `${COMPONENTS}/${component}.tsx`;
    const direct = importsOfFile(parent!);
    const oneLevel = direct.flatMap((file) => (/\.tsx?$/.test(file) ? importsOfFile(file) : []));
    expect([...direct, ...oneLevel, ...importsOfFile(stories)], `${parent} (or ${stories}) imports ${child}`).toContain(child);
  });
});
