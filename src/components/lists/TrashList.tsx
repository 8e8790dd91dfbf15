import { useCallback, useId, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Box, chakra, Flex, HStack, Stack } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { LuTrash2, LuUndo2 } from 'react-icons/lu';
import { trashTexts } from '../../lib/texts-articles';
import { DeleteForeverDialog } from '../articles/DeleteForeverDialog';
import { ListStates } from '../common/ListStates';
import { messageOf } from '../common/messageOf';
import { StateNotice } from '../common/StateNotice';
import { LoadMoreFooter } from './LoadMoreFooter';

/** The words of one trash's list states (the articles' or the files'). */
export interface TrashListTexts {
  listLabel: string;
  loading: string;
  errorTitle: string;
  errorFallback: string;
  emptyTitle: string;
  emptyBody: string;
}

/** Why a restore did not happen, shown under its row; with a free slug to restore it under. */
export interface RestoreProblem {
  message: string;
  suggestion?: string;
}

const problemFromMessage = (cause: unknown): RestoreProblem => ({ message: messageOf(cause) });

/** What the list hands each row: its item, its state, and the list's stable callbacks. */
export interface TrashRowProps<Item, Args extends unknown[]> {
  item: Item;
  now: number | undefined;
  isRestoring: boolean;
  problem: RestoreProblem | undefined;
  /** Absent when the signed-in role may not restore. */
  onRestore?: (id: string, ...args: Args) => Promise<void>;
  /** Absent when the signed-in role may not delete for good. */
  onAskDeleteForever?: (item: Item) => void;
}

export interface TrashListProps<Item extends { id: string }, Args extends unknown[]> {
  items: readonly Item[] | undefined;
  isLoading?: boolean;
  error?: { message?: string } | null;
  onRetry: () => void;
  /** Rejects with the API's error, which `problemOf` turns into the row's problem. Without it (a role that may not restore) the rows have no Restore. */
  onRestore?: (id: string, ...args: Args) => Promise<unknown>;
  /** Without it (a role that may not delete for good) the rows have no Delete forever. */
  onDeleteForever?: (id: string) => Promise<unknown>;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onLoadMore?: () => void;
  now?: number;
  texts: TrashListTexts;
  /** A row: memoised by its user, so it re-renders only when its own item or state changes. */
  Row: ComponentType<TrashRowProps<Item, Args>>;
  /** The name the Delete forever dialog asks about. */
  itemName: (item: Item) => string;
  /** What deleting for good means (the dialog's default, the article's, when not given). */
  confirmBody?: string;
  /** A failed restore as shown under its row: its message by default. */
  problemOf?: (cause: unknown) => RestoreProblem;
}

/**
 * A trash: its loading, error and empty states, the list with Load more, the restores under way
 * and their problems per row, and Delete forever behind its dialog. The rows are the caller's.
 */
export function TrashList<Item extends { id: string }, Args extends unknown[]>({
  items,
  isLoading = false,
  error,
  onRetry,
  onRestore,
  onDeleteForever,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  now,
  texts,
  Row,
  itemName,
  confirmBody,
  problemOf = problemFromMessage,
}: TrashListProps<Item, Args>) {
  const [restoring, setRestoring] = useState<ReadonlySet<string>>(new Set());
  const [problems, setProblems] = useState<Readonly<Record<string, RestoreProblem>>>({});
  const [confirming, setConfirming] = useState<Item | null>(null);
  const [purge, setPurge] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });

  // Stable, so a row re-renders only when its own item or state changes.
  const restore = useCallback(
    async (id: string, ...args: Args) => {
      setRestoring((current) => new Set(current).add(id));
      setProblems(({ [id]: _cleared, ...rest }) => rest);
      try {
        await onRestore?.(id, ...args);
      } catch (cause) {
        setProblems((current) => ({ ...current, [id]: problemOf(cause) }));
      } finally {
        setRestoring((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }
    },
    [onRestore, problemOf],
  );
  const askDeleteForever = useCallback((chosen: Item) => {
    setPurge({ pending: false, error: null });
    setConfirming(chosen);
  }, []);

  const confirmPurge = async () => {
    if (!confirming || !onDeleteForever) return;
    setPurge({ pending: true, error: null });
    try {
      await onDeleteForever(confirming.id);
      setConfirming(null);
      setPurge({ pending: false, error: null });
    } catch (cause) {
      setPurge({ pending: false, error: messageOf(cause) });
    }
  };

  // The dialog stays mounted whatever the list shows: deleting the last item empties it.
  return (
    <>
      <ListStates
        items={items}
        isLoading={isLoading}
        loadingLabel={texts.loading}
        error={error && (error.message || texts.errorFallback)}
        errorTitle={texts.errorTitle}
        onRetry={onRetry}
        empty={<StateNotice icon={<LuTrash2 />} title={texts.emptyTitle} body={texts.emptyBody} />}
      >
        {(shown) => (
          <Box>
            <chakra.ul role="list" aria-label={texts.listLabel} aria-busy={isFetchingMore} listStyleType="none">
              {shown.map((item) => (
                <Row
                  key={item.id}
                  item={item}
                  now={now}
                  isRestoring={restoring.has(item.id)}
                  problem={problems[item.id]}
                  onRestore={onRestore && restore}
                  onAskDeleteForever={onDeleteForever && askDeleteForever}
                />
              ))}
            </chakra.ul>
            <LoadMoreFooter itemCount={shown.length} hasMore={hasMore} isFetchingMore={isFetchingMore} onLoadMore={onLoadMore} />
          </Box>
        )}
      </ListStates>
      <DeleteForeverDialog
        itemName={confirming ? itemName(confirming) : null}
        body={confirmBody}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirmPurge()}
        isDeleting={purge.pending}
        error={purge.error}
      />
    </>
  );
}

/**
 * One trash row's frame: an article named by its heading (the caller's, given the id to put on
 * it), Restore and Delete forever, and the problem of a failed restore. A problem with a free
 * slug is a warning that offers to restore under it.
 */
export function TrashRowFrame({
  align,
  isRestoring,
  problem,
  onRestore,
  onRestoreAs,
  onAskDeleteForever,
  children,
}: {
  /** How the details and the buttons line up. */
  align: 'center' | 'flex-start';
  isRestoring: boolean;
  problem: RestoreProblem | undefined;
  /** Absent: no Restore (the signed-in role may not). */
  onRestore?: () => void;
  onRestoreAs?: (suggestion: string) => void;
  /** Absent: no Delete forever (the signed-in role may not). */
  onAskDeleteForever?: () => void;
  /** The details, given the id their heading must carry. */
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  const suggestion = problem?.suggestion;
  return (
    <chakra.li pb="3">
      <Stack as="article" aria-labelledby={headingId} gap="3" borderWidth="1px" rounded="md" bg="bg.card" p={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align={align} gap="3" wrap="wrap">
          {children(headingId)}
          <HStack gap="2" wrap="wrap">
            {onRestore ? (
              <Button
                variant="outline"
                size="sm"
                onClick={onRestore}
                loading={isRestoring}
                loadingText={trashTexts.restoring}
                aria-describedby={headingId}
              >
                <LuUndo2 aria-hidden />
                {trashTexts.restore}
              </Button>
            ) : null}
            {onAskDeleteForever ? (
              <Button
                variant="outline"
                colorPalette="red"
                size="sm"
                onClick={onAskDeleteForever}
                disabled={isRestoring}
                aria-describedby={headingId}
              >
                <LuTrash2 aria-hidden />
                {trashTexts.deleteForever}
              </Button>
            ) : null}
          </HStack>
        </Flex>
        {problem ? (
          <Alert.Root status={suggestion ? 'warning' : 'error'} role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{problem.message}</Alert.Description>
              {suggestion && onRestoreAs ? (
                <Box mt="2">
                  <Button
                    size="sm"
                    colorPalette="blue"
                    onClick={() => onRestoreAs(suggestion)}
                    loading={isRestoring}
                    loadingText={trashTexts.restoring}
                  >
                    {trashTexts.restoreAs(suggestion)}
                  </Button>
                </Box>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </chakra.li>
  );
}
