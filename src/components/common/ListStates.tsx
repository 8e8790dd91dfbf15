import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState';
import { InlineError } from './InlineError';
import { InlineLoading } from './InlineLoading';
import { LoadingState } from './LoadingState';

export interface ListStatesProps<Item> {
  items: readonly Item[] | undefined;
  isLoading: boolean;
  /** What is loading, beside the spinner. */
  loadingLabel: string;
  /** Set: the error state shows it (the server's words, or the list's fallback). */
  error: string | null | undefined;
  errorTitle: string;
  onRetry: () => void;
  /** What an empty list shows. */
  empty: ReactNode;
  /** The list itself, given its items (one at least). */
  children: (items: readonly Item[]) => ReactNode;
  /** Inside a card or a dialog: a line while it loads, the failure's line with a small Try Again. */
  inline?: boolean;
}

/** A list inside a card or a dialog read by pages (older ones on demand): its states and Load more. */
export interface PagedListProps {
  isLoading: boolean;
  /** Loading failed: the server's words. */
  error?: string | null;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

/** A list's branches, in their order: loading, failed (with Try Again), empty, or the list. */
export function ListStates<Item>({
  items,
  isLoading,
  loadingLabel,
  error,
  errorTitle,
  onRetry,
  empty,
  children,
  inline = false,
}: ListStatesProps<Item>) {
  const [Loading, Failed] = inline ? [InlineLoading, InlineError] : [LoadingState, ErrorState];
  if (isLoading) return <Loading label={loadingLabel} />;
  if (error) return <Failed title={errorTitle} message={error} onRetry={onRetry} />;
  if (!items || items.length === 0) return <>{empty}</>;
  return <>{children(items)}</>;
}
