import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/common/NotFound';

/** Each screen is its own chunk: the first screen loads only what it needs. */
const lazyRoute = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  { path: '/login', lazy: lazyRoute(() => import('../routes/LoginRoute')) },
  {
    path: '/',
    lazy: lazyRoute(() => import('../routes/LayoutRoute')),
    children: [
      { index: true, lazy: lazyRoute(() => import('../routes/DashboardRoute')) },
      { path: 'articles', lazy: lazyRoute(() => import('../routes/ArticlesRoute')) },
      { path: 'articles/new', lazy: lazyRoute(() => import('../routes/NewArticleRoute')) },
      { path: 'articles/:id', lazy: lazyRoute(() => import('../routes/ArticleDetailRoute')) },
      { path: 'file-manager', lazy: lazyRoute(() => import('../routes/FileManagerRoute')) },
    ],
  },
  { path: '*', Component: NotFound },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
