import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Box, Button, Checkbox, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { changeCounts, type DiffPart } from '../../lib/wordDiff';
import { historyTexts as t } from '../../lib/texts-history';
import { useWordDiff } from './useWordDiff';

export interface DiffPanesProps {
  left: string;
  right: string;
  leftLabel: string;
  rightLabel: string;
  /** Height of each pane. */
  height?: string;
}

/**
 * How removed and added words look, set once on the panes (and the legend): the words themselves
 * are plain <del> and <ins>, thousands of them in a long comparison, each without styles of its own.
 */
const changeStyles = {
  '& del': { bg: 'red.subtle', color: 'red.fg', textDecoration: 'line-through' },
  '& ins': { bg: 'green.subtle', color: 'green.fg', textDecoration: 'none' },
} as const;

/**
 * Two texts side by side, word by word: what the left has that the right has not struck through
 * in red (<del>), what the right added in green (<ins>). Their shared runs are anchors: scrolling
 * one pane scrolls the other to the same run, so the panes stay in step however long the
 * changes between them. The comparison runs in a worker for long texts (useWordDiff).
 */
export function DiffPanes({ left, right, leftLabel, rightLabel, height = '60vh' }: DiffPanesProps) {
  const diff = useWordDiff(left, right);
  const [inStep, setInStep] = useState(true);
  // Long unchanged runs are folded to their ends (both sides alike); the admin opens one on demand.
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const open = useCallback((part: number) => setOpened((current) => new Set(current).add(part)), []);
  const leftRef = useRef<HTMLPreElement>(null);
  const rightRef = useRef<HTMLPreElement>(null);
  // The pane scrolled by the other one: its next scroll event is ours, not the admin's.
  const following = useRef<HTMLElement | null>(null);

  const onScroll = useCallback(
    (from: HTMLPreElement | null, to: HTMLPreElement | null) => {
      if (!from || !to || !inStep) return;
      if (following.current === from) {
        following.current = null;
        return;
      }
      const target = followingScrollTop(from, to);
      if (target === undefined || Math.abs(to.scrollTop - target) < 1) return;
      following.current = to;
      to.scrollTop = target;
    },
    [inStep],
  );

  if (diff.status === 'pending') {
    return (
      <HStack role="status" justify="center" gap="2" py="10" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t.comparing}</Text>
      </HStack>
    );
  }
  const { parts, granularity } = diff.result;
  const counts = changeCounts(parts);
  return (
    <Stack gap="2">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text role="status" textStyle="sm">
          {t.summary(counts.removed, counts.added)}
          {granularity === 'lines' ? ` · ${t.byLines}` : granularity === 'none' ? ` · ${t.tooDifferent}` : ''}
        </Text>
        <HStack gap="4">
          <HStack gap="2" textStyle="xs" css={changeStyles}>
            <del>{t.removedLegend}</del>
            <ins>{t.addedLegend}</ins>
          </HStack>
          <Checkbox.Root size="sm" checked={inStep} onCheckedChange={(details) => setInStep(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t.syncScroll}</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
      </HStack>
      <SimpleGrid columns={2} gap="3">
        <Pane label={leftLabel} height={height} paneRef={leftRef} onScroll={() => onScroll(leftRef.current, rightRef.current)}>
          {renderSide(parts, 'removed', opened, open)}
        </Pane>
        <Pane label={rightLabel} height={height} paneRef={rightRef} onScroll={() => onScroll(rightRef.current, leftRef.current)}>
          {renderSide(parts, 'added', opened, open)}
        </Pane>
      </SimpleGrid>
    </Stack>
  );
}

function Pane({
  label,
  height,
  paneRef,
  onScroll,
  children,
}: {
  label: string;
  height: string;
  paneRef: RefObject<HTMLPreElement | null>;
  onScroll: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="1" minW="0">
      <Text fontWeight="medium" textStyle="sm" truncate>
        {label}
      </Text>
      <Box
        as="pre"
        ref={paneRef}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={onScroll}
        position="relative"
        h={height}
        overflow="auto"
        m="0"
        p="3"
        borderWidth="1px"
        borderRadius="md"
        bg="bg.subtle"
        fontFamily="mono"
        textStyle="sm"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        css={changeStyles}
      >
        {children}
      </Box>
    </Stack>
  );
}

/** An unchanged run longer than this is shown by its ends, CONTEXT_CHARS each, until opened. */
const FOLD_FROM_CHARS = 1_200;
const CONTEXT_CHARS = 240;

/**
 * One side of the comparison: the shared runs (anchors for scrolling in step: both sides render
 * them alike) and this side's changes. A long shared run shows only the context next to the
 * changes, with a button that opens it: two 100 KB versions that differ in a paragraph are a
 * few lines of DOM, not 200 KB of laid-out text.
 */
function renderSide(parts: readonly DiffPart[], own: 'removed' | 'added', opened: ReadonlySet<number>, open: (part: number) => void) {
  const nodes: ReactNode[] = [];
  let any = false;
  const last = parts.length - 1;
  parts.forEach((part, i) => {
    if (part.kind === 'same') {
      any = true;
      const { text } = part;
      if (text.length < FOLD_FROM_CHARS || opened.has(i)) {
        nodes.push(
          <span key={i} data-anchor={i}>
            {text}
          </span>,
        );
        return;
      }
      // The end that touches a change is kept: the start's run shows its tail, the end's its head.
      const head = i === 0 ? '' : text.slice(0, CONTEXT_CHARS);
      const tail = i === last ? '' : text.slice(text.length - CONTEXT_CHARS);
      nodes.push(
        <span key={i} data-anchor={i}>
          {head}
          <Button
            as="span"
            role="button"
            tabIndex={0}
            display="flex"
            my="1"
            size="xs"
            variant="subtle"
            onClick={() => open(i)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                open(i);
              }
            }}
          >
            {t.showUnchanged(text.length - head.length - tail.length)}
          </Button>
          {tail}
        </span>,
      );
    } else if (part.kind === own) {
      any = true;
      nodes.push(own === 'removed' ? <del key={i}>{part.text}</del> : <ins key={i}>{part.text}</ins>);
    }
  });
  return any ? nodes : <Text as="span" color="fg.muted">{t.empty}</Text>;
}

/**
 * Where `to` must be scrolled so that it shows the shared run `from` shows at its top, as far
 * into it: the runs are the same text in panes of the same width, so they wrap alike.
 */
function followingScrollTop(from: HTMLElement, to: HTMLElement): number | undefined {
  const top = from.scrollTop;
  let anchor: HTMLElement | undefined;
  for (const candidate of from.querySelectorAll<HTMLElement>('[data-anchor]')) {
    if (candidate.offsetTop + candidate.offsetHeight > top) {
      anchor = candidate;
      break;
    }
  }
  if (!anchor) {
    const share = top / Math.max(1, from.scrollHeight - from.clientHeight);
    return share * Math.max(0, to.scrollHeight - to.clientHeight);
  }
  const twin = to.querySelector<HTMLElement>(`[data-anchor="${anchor.dataset.anchor}"]`);
  if (!twin) return undefined;
  return twin.offsetTop + (top - anchor.offsetTop);
}
