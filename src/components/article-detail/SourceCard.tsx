import { Alert, Box, Card, Checkbox, DataList, Heading, HStack, Link, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Provenance, SourceChange } from '../../contract';
import { EXTRACTION_CHECK_BELOW } from '../../contract/extraction';
import { formatDateTime } from '../../lib/format';
import { extractionTexts as extraction } from '../../lib/texts-extraction';
import { sourceChangeTexts as t } from '../../lib/texts-sourceChange';
import { DiffPanes } from '../article-history/DiffPanes';
import { Button } from '../common/Button';
import { ErrorNotice } from '../common/ErrorNotice';
import { SectionCard } from './SectionCard';

/** A check of the article's page now: what it found, or why it failed. */
export interface SourceCheckState {
  onCheck: () => void;
  isChecking: boolean;
  outcome: 'unchanged' | 'notModified' | 'changed' | null;
  error: string | null;
  /** Why the signed-in role may not check it; null: it may. */
  refused?: string | null;
}

/** The change the source made, waiting for the editor. */
export type SourceChangeState =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry: () => void }
  | {
      status: 'ready';
      change: SourceChange;
      /** The conflicts (their indexes) where the source's version is taken. */
      take: ReadonlySet<number>;
      onToggleTake: (index: number) => void;
      onMerge: () => void;
      isMerging: boolean;
      onDismiss: () => void;
      isDismissing: boolean;
      /** Why the merge (and dismissal) cannot be made now; null: it can. */
      refused?: string | null;
      /** A failed merge or dismissal, in the API's words. */
      error?: string | null;
    };

export interface SourceCardProps {
  scrapedUrl: string | null;
  provenance: Provenance | null;
  check: SourceCheckState;
  /** Undefined: no change waits. */
  change?: SourceChangeState;
  /** What the last merge or dismissal did (said once, in the card's live region). */
  note?: string | null;
}

/**
 * The article page's Source card: how the article was fetched (the address asked and read, when,
 * the answer, its validators, robots.txt, the extractor), a check of the page now, and, when the
 * source changed the page, its text as imported beside the source's now (the history's
 * comparison), what the merge would take and its conflicts, each kept as the editor has it
 * unless ticked, with Merge and Dismiss.
 */
export function SourceCard({ scrapedUrl, provenance, check, change, note }: SourceCardProps) {
  const busy = check.isChecking || (change?.status === 'ready' && (change.isMerging || change.isDismissing));
  return (
    <SectionCard title={t.title} subtitle={t.subtitle}>
      <Card.Body>
        <Stack gap="5" aria-busy={busy}>
          {provenance ? <CheckExtraction provenance={provenance} /> : null}
          {provenance ? <ProvenanceList provenance={provenance} /> : <Text color="fg.muted">{scrapedUrl ? t.noProvenance : t.noAddress}</Text>}
          {scrapedUrl && (
            <HStack gap="4" wrap="wrap">
              <Button
                size="sm"
                variant="outline"
                onClick={check.onCheck}
                loading={check.isChecking}
                loadingText={t.checking}
                disabled={!!check.refused}
                title={check.refused ?? undefined}
              >
                {t.check}
              </Button>
              <Box role="status" textStyle="sm" color="fg.muted">
                {note ?? (check.outcome ? t.outcome[check.outcome] : null)}
              </Box>
            </HStack>
          )}
          <ErrorNotice message={check.error} />
          {change && <ChangeSection change={change} />}
        </Stack>
      </Card.Body>
    </SectionCard>
  );
}

function ProvenanceList({ provenance: p }: { provenance: Provenance }) {
  const item = (label: string, value: string) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
    </DataList.Item>
  );
  const validators = [p.etag && `ETag ${p.etag}`, p.lastModified && `Last-Modified ${p.lastModified}`].filter(Boolean).join(', ');
  return (
    <DataList.Root orientation="horizontal" gap="2" size="sm" aria-label={t.provenanceLabel}>
      {item(t.fetchedFrom, p.url)}
      {p.finalUrl !== p.url && item(t.finalUrl, p.finalUrl)}
      {item(t.fetchedAt, formatDateTime(p.fetchedAt))}
      {item(t.httpStatus, String(p.httpStatus))}
      {item(t.validators, validators || t.noValidators)}
      {item(t.robotsLabel, t.robots(p.robots))}
      {item(t.extractor, p.extractor)}
      {p.quality && item(extraction.label, extraction.value(p.quality))}
      {p.sourceId && item(t.title, t.fromSource)}
    </DataList.Root>
  );
}

/** A low extraction score: what to look at, and the source page one click away. */
function CheckExtraction({ provenance: p }: { provenance: Provenance }) {
  if (!p.quality || p.quality.score >= EXTRACTION_CHECK_BELOW) return null;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{extraction.check}</Alert.Title>
        <Alert.Description>
          {extraction.checkWhy(p.quality.score)}{' '}
          <Link href={p.finalUrl} target="_blank" rel="noopener noreferrer" fontWeight="medium" textDecoration="underline">
            {extraction.openSource}
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ChangeSection({ change }: { change: SourceChangeState }) {
  return (
    <Stack as="section" aria-label={t.changed.title} gap="4" borderTopWidth="1px" pt="4">
      <Heading as="h3" size="sm" color="orange.fg">
        {t.changed.title}
      </Heading>
      {change.status === 'loading' ? (
        <HStack role="status" gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t.changed.loading}</Text>
        </HStack>
      ) : change.status === 'error' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t.changed.errorTitle}</Alert.Title>
            <Alert.Description>{change.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={change.onRetry}>
            {t.changed.retry}
          </Button>
        </Alert.Root>
      ) : (
        <ReadyChange {...change} />
      )}
    </Stack>
  );
}

function ReadyChange({ change, take, onToggleTake, onMerge, isMerging, onDismiss, isDismissing, refused, error }: Extract<SourceChangeState, { status: 'ready' }>) {
  const { conflicts, applied } = change.merge;
  return (
    <>
      <Text textStyle="sm">{t.changed.detected(formatDateTime(change.detectedAt))}</Text>
      {change.newTitle && <Text textStyle="sm">{t.changed.newTitle(change.newTitle)}</Text>}
      <DiffPanes left={change.oldText} right={change.newText} leftLabel={t.changed.oldLabel} rightLabel={t.changed.newLabel} height="40vh" />
      <Text fontWeight="semibold">{applied === 0 && conflicts.length === 0 ? t.changed.nothingToMerge : t.changed.summary(applied, conflicts.length)}</Text>
      {conflicts.length > 0 && (
        <Stack as="ol" aria-label={t.changed.conflictsLabel} gap="4" listStyleType="none" m="0" p="0">
          {conflicts.map((conflict) => (
            <Stack as="li" key={conflict.index} gap="2" aria-label={t.changed.conflict(conflict.index + 1)}>
              <Text fontWeight="semibold" textStyle="sm">
                {t.changed.conflict(conflict.index + 1)}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <HtmlBlock label={t.changed.yours} html={conflict.editor} />
                <HtmlBlock label={t.changed.theirs} html={conflict.source} />
              </SimpleGrid>
              <Checkbox.Root size="sm" checked={take.has(conflict.index)} onCheckedChange={() => onToggleTake(conflict.index)} disabled={!!refused}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t.changed.take}</Checkbox.Label>
              </Checkbox.Root>
            </Stack>
          ))}
        </Stack>
      )}
      {conflicts.length > 0 && (
        <Text textStyle="sm" color="fg.muted">
          {t.changed.keepHint}
        </Text>
      )}
      <ErrorNotice message={error ?? null} />
      {refused && (
        <Text textStyle="sm" color="fg.muted">
          {refused}.
        </Text>
      )}
      <HStack gap="3">
        <Button size="sm" colorPalette="blue" onClick={onMerge} loading={isMerging} loadingText={t.changed.merging} disabled={!!refused || isDismissing}>
          {t.changed.merge}
        </Button>
        <Button size="sm" variant="outline" onClick={onDismiss} loading={isDismissing} loadingText={t.changed.dismissing} disabled={!!refused || isMerging}>
          {t.changed.dismiss}
        </Button>
      </HStack>
    </>
  );
}

function HtmlBlock({ label, html }: { label: string; html: string }) {
  return (
    <Stack gap="1">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Box as="pre" fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" m="0" p="2" borderWidth="1px" borderRadius="md" bg="bg.subtle">
        {html.trim() || '—'}
      </Box>
    </Stack>
  );
}
