import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/common/RouteError';
import { routeErrorTexts } from '../lib/texts-shell';

/** A screen in its own chunk; `preload` starts fetching the chunk before React asks for it. */
type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { error: unknown; pathname: string };

/** A screen's chunk that could not be fetched (a deploy replaced it, or the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|Unable to preload CSS/i.test(message);
}

const RELOADED_AT = 'console:reloaded-for-chunk';

/** Reloads the page once for a missing chunk; not again within a minute (it did not help). */
export function reloadOnceForChunk(now = Date.now(), reload = () => window.location.reload()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now - last < 60_000) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * A screen that failed to render or whose chunk failed to load says so, with Reload; inside the
 * layout only the page is replaced, so the sidebar stays usable. Going to another path clears it.
 */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: undefined, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) reloadOnceForChunk();
  }

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = isChunkLoadError(error)
      ? routeErrorTexts.chunkFailed
      : error instanceof Error
        ? error.message
        : String(error);
    return <RouteError message={message} onReload={() => window.location.reload()} />;
  }
}

/** A lazily loaded screen inside its own error boundary. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: ReturnType<typeof load> | undefined;
  const preload = () => (loading ??= load());
  const Lazy = lazy(preload);
  function Screen() {
    const { pathname } = useLocation();
    return (
      <ScreenErrorBoundary pathname={pathname}>
        <Lazy />
      </ScreenErrorBoundary>
    );
  }
  return Object.assign(Screen, { preload });
}

/**
 * Above every screen, mounted once: while a navigation waits for a screen's chunk, the current
 * screen stays (navigations are transitions); only the very first screen starts from nothing.
 */
function Screens() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary pathname={pathname}>
      <Suspense>
        <Outlet />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The Webhooks and Sources screens share a chunk (../routes/feedsAndHooks.ts says why). */
const feedsAndHooks = () => import('../routes/feedsAndHooks');

/**
 * Each screen is its own chunk: the first screen loads only what it needs. The routes suit both
 * the app's declarative router (`useRoutes`, no data router: it costs ~15 KB gzip on the first
 * screen and the console uses none of its loaders or actions) and the stories' memory router.
 */
export const routes: RouteObject[] = [
  {
    element: <Screens />,
    children: [
      { path: '/login', Component: lazyScreen(() => import('../routes/LoginRoute')) },
      { path: '/forgot-password', Component: lazyScreen(() => import('../routes/ForgotPasswordRoute')) },
      { path: '/signup', Component: lazyScreen(() => import('../routes/SignupRoute')) },
      {
        path: '/',
        Component: lazyScreen(() => import('../routes/LayoutRoute')),
        children: [
          { index: true, Component: lazyScreen(() => import('../routes/DashboardRoute')) },
          { path: 'articles', Component: lazyScreen(() => import('../routes/ArticlesRoute')) },
          { path: 'articles/new', Component: lazyScreen(() => import('../routes/NewArticleRoute')) },
          { path: 'articles/:id', Component: lazyScreen(() => import('../routes/ArticleDetailRoute')) },
          { path: 'file-manager', Component: lazyScreen(() => import('../routes/FileManagerRoute')) },
          { path: 'account', Component: lazyScreen(() => import('../routes/AccountRoute')) },
          { path: 'webhooks', Component: lazyScreen(() => feedsAndHooks().then((m) => ({ default: m.WebhooksRoute }))) },
          { path: 'sources', Component: lazyScreen(() => feedsAndHooks().then((m) => ({ default: m.SourcesRoute }))) },
          { path: 'analytics', Component: lazyScreen(() => import('../routes/AnalyticsRoute')) },
        ],
      },
      // Lazy too: NotFound reads its text from src/lib/texts, every screen's texts.
      {
        path: '*',
        Component: lazyScreen(() => import('../components/common/NotFound').then((m) => ({ default: m.NotFound }))),
      },
    ],
  },
];

/**
 * Starts loading every screen `pathname` shows (the layout and the page) at once, rather than
 * the page only once the layout has rendered.
 */
export function preloadScreens(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (route.Component && 'preload' in route.Component) {
      // A chunk that fails to load is reported by its screen when it renders.
      (route.Component as LazyScreen).preload().catch(() => {});
    }
  }
}
