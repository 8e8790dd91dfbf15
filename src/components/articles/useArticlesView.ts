import { useCallback, useState } from 'react';

export type ArticlesView = 'cards' | 'table' | 'calendar';
const VIEWS: readonly ArticlesView[] = ['cards', 'table', 'calendar'];

export const ARTICLES_VIEW_KEY = 'articles-view';

function readView(): ArticlesView {
  try {
    return VIEWS.find((view) => view === localStorage.getItem(ARTICLES_VIEW_KEY)) ?? 'cards';
  } catch {
    // Storage can be refused (privacy settings): the cards, as before.
    return 'cards';
  }
}

/** Cards, table or calendar, remembered in this browser (localStorage) across visits. */
export function useArticlesView() {
  const [view, setViewState] = useState<ArticlesView>(readView);
  const setView = useCallback((next: ArticlesView) => {
    setViewState(next);
    try {
      localStorage.setItem(ARTICLES_VIEW_KEY, next);
    } catch {
      /* remembered for this visit only */
    }
  }, []);
  return [view, setView] as const;
}
