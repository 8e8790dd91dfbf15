import { useCallback, useEffect, useRef, useState } from 'react';
import type { Article } from '../contract';
import { clearDraft, DRAFT_DEBOUNCE_MS, draftToOffer, writeDraft, type ArticleDraft } from '../lib/articleDraft';

/**
 * The article's unsaved blog HTML, kept in the browser (src/lib/articleDraft): written a moment
 * after the admin stops typing, and at once when the page goes away (tab closed, reloaded,
 * another screen); removed when the HTML is saved or back to the saved text. When the page opens
 * with a kept draft that differs from the saved HTML, it is offered; until the admin restores or
 * discards it, it is not overwritten.
 */
export function useHtmlDraft(article: Article, edit: { html: string | null; basedOn: string }) {
  const [offer, setOffer] = useState(() => draftToOffer(article));
  const pending = useRef<ArticleDraft | null>(null);
  const { id } = article;
  const unsaved = edit.html !== null && edit.html !== (article.blogData ?? '');

  const flush = useCallback(() => {
    if (pending.current) writeDraft(id, pending.current);
    pending.current = null;
  }, [id]);

  useEffect(() => {
    if (offer) return;
    if (!unsaved || edit.html === null) {
      pending.current = null;
      clearDraft(id);
      return;
    }
    pending.current = { html: edit.html, basedOn: edit.basedOn, savedAt: new Date().toISOString() };
    const timer = setTimeout(flush, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [offer, unsaved, edit.html, edit.basedOn, id, flush]);

  // The page going away keeps what the debounce has not written yet.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return {
    /** The kept draft on offer, and whether the article was saved since its edit began. */
    offer,
    /** Takes the kept draft off the offer, for the editor to show it. */
    restore: () => {
      setOffer(null);
      return offer?.draft ?? null;
    },
    /** Forgets the kept draft (and any draft not yet written): the admin chose to drop the edit. */
    discard: () => {
      setOffer(null);
      pending.current = null;
      clearDraft(id);
    },
  };
}
