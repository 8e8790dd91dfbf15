import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { LuCircleCheck, LuCopy, LuFileText, LuRefreshCw, LuSearchX, LuUserCheck } from 'react-icons/lu';
import type { ArticleCard, ArticleFilter } from '../../contract';
import { texts } from '../../lib/texts';
import { articlesScreenTexts } from '../../lib/texts-articles';
import { assignmentTexts } from '../../lib/texts-assignment';
import { ListStates } from '../common/ListStates';
import { StateNotice } from '../common/StateNotice';

/** What the cards and the table both take for their states. */
export interface ArticleListStatesProps {
  articles: readonly ArticleCard[] | undefined;
  /** Chooses the empty-state wording. */
  filter: ArticleFilter;
  isLoading?: boolean;
  /** When set, the error state is shown (its message, or the fallback text). */
  error?: { message?: string } | null;
  onRetry: () => void;
  /** The search the list answers: its words are marked in the articles; no match says so. */
  search?: string;
  onClearSearch?: () => void;
  /** Only the articles that need attention are asked for: an empty list says nothing does. */
  attention?: boolean;
  /** Only the articles that look like a copy are asked for: an empty list says none does. */
  copies?: boolean;
  /** Only the articles whose source changed are asked for: an empty list says none did. */
  sourceChanged?: boolean;
  /** Only the articles assigned to the signed-in account are asked for: an empty list says none is. */
  mine?: boolean;
}

/**
 * The articles' loading, error and empty states, shared by the cards and the table; the view
 * itself is `children`, given the articles (one at least).
 */
export function ArticleListStates({
  articles,
  filter,
  isLoading = false,
  error,
  onRetry,
  search = '',
  onClearSearch,
  attention = false,
  copies = false,
  sourceChanged = false,
  mine = false,
  children,
}: ArticleListStatesProps & { children: (articles: readonly ArticleCard[]) => ReactNode }) {
  return (
    <ListStates
      items={articles}
      isLoading={isLoading}
      loadingLabel={texts.articles.loading}
      error={error && (error.message || texts.articles.errorFallback)}
      errorTitle={texts.articles.errorTitle}
      onRetry={onRetry}
      empty={
        sourceChanged && !search ? (
          <StateNotice icon={<LuRefreshCw />} title={articlesScreenTexts.noSourceChanged} body={articlesScreenTexts.noSourceChangedHint} />
        ) : mine && !search ? (
          <StateNotice icon={<LuUserCheck />} title={assignmentTexts.noneMine} body={assignmentTexts.noneMineHint} />
        ) : (
          <EmptyList search={search} attention={attention} copies={copies} filter={filter} onClearSearch={onClearSearch} />
        )
      }
    >
      {children}
    </ListStates>
  );
}

function EmptyArticles({ filter }: { filter: ArticleFilter }) {
  const wording = texts.articles.empty[filter];
  return <StateNotice icon={<LuFileText />} title={wording.title} body={wording.body} />;
}

/** The attention filter's empty list: nothing to fix in the tab. */
function NothingNeedsAttention() {
  return <StateNotice icon={<LuCircleCheck />} title={articlesScreenTexts.nothingNeedsAttention} body={articlesScreenTexts.nothingNeedsAttentionHint} />;
}

/** The copies filter's empty list: no article in the tab looks like a copy. */
function NoCopies() {
  return <StateNotice icon={<LuCopy />} title={articlesScreenTexts.noCopies} body={articlesScreenTexts.noCopiesHint} />;
}

/** Both filters' empty list: no copy in the tab needs attention. */
function NoCopiesNeedAttention() {
  return <StateNotice icon={<LuCopy />} title={articlesScreenTexts.noCopiesNeedAttention} body={articlesScreenTexts.noCopiesNeedAttentionHint} />;
}

interface EmptyListProps {
  search: string;
  attention: boolean;
  copies?: boolean;
  filter: ArticleFilter;
  onClearSearch?: () => void;
}

/** The empty list: no match of the search, nothing needing attention, no copy (or neither), or none in the tab. */
function EmptyList({ search, attention, copies = false, filter, onClearSearch }: EmptyListProps) {
  if (search) return <NoSearchMatch search={search} onClearSearch={onClearSearch} />;
  if (attention) return copies ? <NoCopiesNeedAttention /> : <NothingNeedsAttention />;
  return copies ? <NoCopies /> : <EmptyArticles filter={filter} />;
}

/** A search with no match: says so, and offers to clear it. */
function NoSearchMatch({ search, onClearSearch }: { search: string; onClearSearch?: () => void }) {
  return (
    <StateNotice icon={<LuSearchX />} title={articlesScreenTexts.noMatch(search)} body={articlesScreenTexts.noMatchHint}>
      {onClearSearch ? (
        <Button variant="outline" onClick={onClearSearch}>
          {articlesScreenTexts.clearSearch}
        </Button>
      ) : null}
    </StateNotice>
  );
}
