import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState';
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
}

/** A list's branches, in their order: loading, failed (with Try Again), empty, or the list. */
export function ListStates<Item>({ items, isLoading, loadingLabel, error, errorTitle, onRetry, empty, children }: ListStatesProps<Item>) {
  if (isLoading) return <LoadingState label={loadingLabel} />;
  if (error) return <ErrorState title={errorTitle} message={error} onRetry={onRetry} />;
  if (!items || items.length === 0) return <>{empty}</>;
  return <>{children(items)}</>;
}
