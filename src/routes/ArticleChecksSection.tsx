import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { articleKeys } from '../api/articles';
import { api } from '../api/client';
import { ChecksCard } from '../components/article-detail/ChecksCard';
import { messageOf } from '../components/common/messageOf';
import type { Article, CheckItem, KeptArticleChecksResult } from '../contract';
import { checkPlace, placeOrdinals, withAltText, type Place, type Reveal } from '../lib/checkPlace';

/** How often the kept result is read again while the server's own run of the last save is not done. */
const STALE_POLL_MS = 3_000;
/** How many times at most (a minute): a run that failed leaves the result stale until one on demand. */
const STALE_POLLS = 20;

/** A place of the HTML an item of the checks asked the editor to show (`reveal`), and `onShow`, which asks. */
export function useCheckReveal() {
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const onShow = useCallback((place: Place) => setReveal({ ...place, nonce: Date.now() }), []);
  return { reveal, onShow };
}

/**
 * The article page's checks before publishing: the result the server keeps (`GET
 * /articles/:id/checks`, run by itself after each change of the title or HTML; read again
 * after each save, and every few seconds while that run is not done), and a run on demand
 * (`POST`). Each item to fix that the HTML being edited still holds has a way to its place.
 */
export function ArticleChecksSection({
  article,
  html,
  unsaved,
  onShow,
  onEdit,
}: {
  article: Article;
  /** The HTML being edited: where an item's place is looked for. */
  html: string;
  unsaved: boolean;
  onShow: (place: Place) => void;
  /** Changes the HTML being edited (a file's alt text written in); absent while it may not be edited. */
  onEdit?: (html: string) => void;
}) {
  const client = useQueryClient();
  // Keyed by the saved version: a save reads the result again.
  const key = [...articleKeys.detail(article.id), 'checks', article.updatedAt];
  const kept = useQuery({
    queryKey: key,
    queryFn: () => api(`/articles/${encodeURIComponent(article.id)}/checks`, { schema: (s) => s.keptArticleChecksResultSchema }),
    refetchInterval: (query) => (query.state.data?.stale && query.state.dataUpdateCount < STALE_POLLS ? STALE_POLL_MS : false),
    // After a save, the last result stays shown while the new version's is read.
    placeholderData: keepPreviousData,
  });
  const run = useMutation({
    // The key of the version the run was asked for: a save meanwhile keys another.
    mutationFn: async (_forKey: readonly unknown[]) =>
      (await api(`/articles/${encodeURIComponent(article.id)}/checks`, { method: 'POST', schema: (s) => s.articleChecksResultSchema })).data,
    onSuccess: (data, forKey) => client.setQueryData<KeptArticleChecksResult>(forKey, { data, stale: false }),
  });
  // Where each item to fix is in the HTML being edited: looked for once per text, behind the typing.
  const edited = useDeferredValue(html);
  const items = kept.data?.data?.items;
  // Two items of one kind and target (two images without alt text at one address) are two places.
  const ordinals = useMemo(() => placeOrdinals((items ?? []).filter((item) => !item.ok)), [items]);
  const places = useMemo(() => new Map([...ordinals].map(([item, nth]) => [item, checkPlace(edited, item, nth)])), [ordinals, edited]);
  const canShow = useCallback((item: CheckItem) => !!places.get(item), [places]);
  const show = useCallback(
    (item: CheckItem) => {
      // The text as it is now (the deferred one may be a keystroke behind).
      const place = checkPlace(html, item, ordinals.get(item));
      if (place) onShow(place);
    },
    [html, onShow, ordinals],
  );
  // The file's alt text written into the image's tag, which is then shown selected: an edit as
  // typed, saved with the rest.
  const useFileAlt = useCallback(
    (item: CheckItem) => {
      const place = item.fileAlt === undefined ? null : checkPlace(html, item, ordinals.get(item));
      const written = place && withAltText(html, place, item.fileAlt!);
      if (!written || !onEdit) return;
      onEdit(written.html);
      onShow(written.place);
    },
    [html, onEdit, onShow, ordinals],
  );
  const error = run.isError ? messageOf(run.error) : kept.isError ? messageOf(kept.error) : null;
  return (
    <ChecksCard
      checks={kept.data?.data ?? null}
      loading={kept.isPending}
      stale={kept.data?.stale ?? false}
      running={run.isPending}
      error={error}
      onRun={() => run.mutate(key)}
      unsaved={unsaved}
      onShow={show}
      canShow={canShow}
      onUseFileAlt={onEdit ? useFileAlt : undefined}
    />
  );
}
