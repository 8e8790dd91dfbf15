import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import type { ReactNode } from 'react';
import { LuCalendar, LuFilePen, LuSend, LuTrash2, LuX } from 'react-icons/lu';
import { MAX_BULK_IDS, type BulkRequest } from '../../contract';
import { bulkTexts } from '../../lib/texts-articles';
import { scheduleTexts } from '../../lib/texts-schedule';
import { SelectCheckbox } from './SelectCheckbox';
import type { ArticleSelection } from './useArticleSelection';

/** An action the bar offers. */
export interface BulkActionChoice<A extends string> {
  action: A;
  label: string;
  icon: ReactNode;
  palette?: string;
}

/** What the bar says besides its actions (the articles' bulkTexts by default). */
export interface BulkBarTexts {
  barLabel: string;
  selectAll: string;
  selected: (n: number) => string;
  clear: string;
  /** Shown when more than `max` are selected. */
  tooMany: string;
}

/** The articles' bulk actions: publish, convert to draft, delete, and Schedule… (which opens a dialog first). */
export type ArticleBulkAction = BulkRequest['action'];

export interface BulkActionBarProps<A extends string = ArticleBulkAction> {
  /** How many items are selected (all loaded pages together). */
  count: number;
  /** The server takes at most this many ids: above it the actions are disabled and the bar says so. */
  max: number;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  onAction: (action: A) => void;
  onClear: () => void;
  /** False where the list has its own (the table's header): the bar then shows only with a selection. */
  showSelectAll?: boolean;
  /** The action whose request is pending: every button is disabled, this one spins. */
  pending?: A | null;
  /** The actions offered: the articles' Publish, Convert to draft, Schedule… and Delete by default. */
  actions?: readonly BulkActionChoice<A>[];
  texts?: BulkBarTexts;
}

/** The bar's props that a selection answers (the server's limit as `max`). */
export function selectionBarProps(selection: ArticleSelection) {
  return {
    count: selection.count,
    max: MAX_BULK_IDS,
    allSelected: selection.allSelected,
    someSelected: selection.someSelected,
    onToggleAll: selection.toggleAll,
    onClear: selection.clear,
  };
}

const ARTICLE_ACTIONS: readonly BulkActionChoice<ArticleBulkAction>[] = [
  { action: 'publish', label: bulkTexts.publish, icon: <LuSend aria-hidden /> },
  { action: 'draft', label: bulkTexts.draft, icon: <LuFilePen aria-hidden /> },
  { action: 'schedule', label: scheduleTexts.bulkAction, icon: <LuCalendar aria-hidden /> },
  { action: 'delete', label: bulkTexts.delete, icon: <LuTrash2 aria-hidden />, palette: 'red' },
];

/** The bar and the list it acts on: Escape inside them clears the selection. */
export function SelectionArea({ onEscape, children }: { onEscape: () => void; children: React.ReactNode }) {
  return (
    <Box
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        onEscape();
      }}
    >
      {children}
    </Box>
  );
}

/**
 * Above the list: 'Select all on this page' (the loaded items), and once something is
 * selected, its count and the bulk actions. Sticks to the top while the list scrolls. The
 * articles' by default; the file manager gives its own actions and texts.
 */
export function BulkActionBar<A extends string = ArticleBulkAction>({
  count,
  max,
  allSelected,
  someSelected,
  onToggleAll,
  onAction,
  onClear,
  pending = null,
  showSelectAll = true,
  actions: given,
  texts: t = bulkTexts,
}: BulkActionBarProps<A>) {
  // Not a default in the parameters: Storybook's docs would try to print its JSX icons as code.
  const actions = given ?? (ARTICLE_ACTIONS as unknown as readonly BulkActionChoice<A>[]);
  const tooMany = count > max;
  if (!showSelectAll && count === 0) return null;
  const busy = pending !== null;
  return (
    <Box
      role="region"
      aria-label={t.barLabel}
      position="sticky"
      top="0"
      zIndex="docked"
      bg={count > 0 ? 'bg.panel' : undefined}
      borderWidth={count > 0 ? '1px' : '0'}
      rounded="md"
      px={count > 0 ? '3' : '0'}
      py="2"
      mb="3"
    >
      <Flex align="center" gap="3" wrap="wrap">
        <HStack gap="2">
          {showSelectAll ? (
            <SelectCheckbox
              label={t.selectAll}
              showLabel={count === 0}
              checked={allSelected ? true : someSelected ? 'indeterminate' : false}
              onToggle={onToggleAll}
            />
          ) : null}
          <Text textStyle="sm" fontWeight="medium" aria-live="polite">
            {count > 0 ? t.selected(count) : null}
          </Text>
        </HStack>
        {count > 0 ? (
          <HStack gap="2" wrap="wrap">
            {actions.map(({ action, label, icon, palette }) => (
              <Button
                key={action}
                size="sm"
                variant="outline"
                colorPalette={palette}
                disabled={busy || tooMany}
                loading={pending === action}
                loadingText={label}
                onClick={() => onAction(action)}
              >
                {icon}
                {label}
              </Button>
            ))}
            <Button size="sm" variant="ghost" disabled={busy} onClick={onClear}>
              <LuX aria-hidden />
              {t.clear}
            </Button>
          </HStack>
        ) : null}
      </Flex>
      {tooMany ? (
        <Text role="alert" textStyle="sm" fontWeight="medium" mt="2">
          {t.tooMany}
        </Text>
      ) : null}
    </Box>
  );
}
