import { chakra, HStack, SimpleGrid, Spinner, Stack, Table, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import { revisionFieldLabels, type RevisionSnapshot } from '../../contract';
import { historyTexts as t } from '../../lib/texts-history';
import { texts } from '../../lib/texts';
import { textOfHtml } from '../../lib/wordDiff';
import { ErrorNotice } from '../common/ErrorNotice';
import { DiffPanes } from './DiffPanes';

/** One side of a comparison: a version on its way, one that could not be read, or one to show. */
export type CompareSide =
  | { status: 'loading'; label: string }
  | { status: 'error'; label: string; message: string }
  | { status: 'ready'; label: string; snapshot: RevisionSnapshot };

export interface RevisionCompareProps {
  left: CompareSide;
  right: CompareSide;
  /**
   * 'versions': two versions of the article (blog HTML, raw text, rendered previews, other
   * fields). 'source': the left side's scraped page beside the right side's blog HTML.
   */
  mode: 'versions' | 'source';
}

const PREVIEW_HEIGHT = '60vh';

/** Two versions of an article side by side, word by word, or the scraped page beside the result. */
export function RevisionCompare({ left, right, mode }: RevisionCompareProps) {
  const waiting = [left, right].find((side) => side.status !== 'ready');
  if (waiting?.status === 'loading') {
    return (
      <HStack role="status" justify="center" gap="2" py="10" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t.loadingVersion}</Text>
      </HStack>
    );
  }
  if (waiting?.status === 'error') return <ErrorNotice message={`${t.versionError}: ${waiting.message}`} />;
  if (left.status !== 'ready' || right.status !== 'ready') return null;
  const [a, b] = [left.snapshot, right.snapshot];

  if (mode === 'source') {
    if (a.sourceHtml === null) return <Text color="fg.muted">{t.noSource}</Text>;
    return (
      <Tabs.Root defaultValue="html" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="html">{t.sourceTabs.html}</Tabs.Trigger>
          <Tabs.Trigger value="text">{t.sourceTabs.text}</Tabs.Trigger>
          <Tabs.Trigger value="preview">{t.tabs.preview}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="html">
          <DiffPanes left={a.sourceHtml} right={b.blogData ?? ''} leftLabel={left.label} rightLabel={right.label} />
        </Tabs.Content>
        <Tabs.Content value="text">
          <DiffPanes left={a.scrappedData} right={textOfHtml(b.blogData ?? '')} leftLabel={left.label} rightLabel={right.label} />
        </Tabs.Content>
        <Tabs.Content value="preview">
          <Previews left={{ label: left.label, html: a.sourceHtml }} right={{ label: right.label, html: b.blogData ?? '' }} />
        </Tabs.Content>
      </Tabs.Root>
    );
  }
  return (
    <Stack gap="4">
      <OtherFields left={a} right={b} leftLabel={left.label} rightLabel={right.label} />
      <Tabs.Root defaultValue="blogData" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="blogData">{t.tabs.blogData}</Tabs.Trigger>
          <Tabs.Trigger value="scrappedData">{t.tabs.scrappedData}</Tabs.Trigger>
          <Tabs.Trigger value="preview">{t.tabs.preview}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="blogData">
          <DiffPanes left={a.blogData ?? ''} right={b.blogData ?? ''} leftLabel={left.label} rightLabel={right.label} />
        </Tabs.Content>
        <Tabs.Content value="scrappedData">
          <DiffPanes left={a.scrappedData} right={b.scrappedData} leftLabel={left.label} rightLabel={right.label} />
        </Tabs.Content>
        <Tabs.Content value="preview">
          <Previews left={{ label: left.label, html: a.blogData ?? '' }} right={{ label: right.label, html: b.blogData ?? '' }} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** Both versions rendered, each in a sandboxed frame (no scripts, no same origin), as the live preview does. */
function Previews({ left, right }: { left: { label: string; html: string }; right: { label: string; html: string } }) {
  return (
    <SimpleGrid columns={2} gap="3">
      {[left, right].map((side, i) => (
        <Stack key={i} gap="1" minW="0">
          <Text fontWeight="medium" textStyle="sm" truncate>
            {side.label}
          </Text>
          <chakra.iframe
            sandbox=""
            srcDoc={side.html}
            title={t.previewOf(side.label)}
            w="full"
            h={PREVIEW_HEIGHT}
            borderWidth="1px"
            borderRadius="md"
            bg="white"
          />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The short fields of both versions, those that differ marked. */
function OtherFields({ left, right, leftLabel, rightLabel }: { left: RevisionSnapshot; right: RevisionSnapshot; leftLabel: string; rightLabel: string }) {
  const status = (s: RevisionSnapshot) => (s.status === 'published' ? texts.article.published : texts.article.draft) + (s.inTrash ? t.inTrash : '');
  const label = revisionFieldLabels;
  const rows: [string, string, string][] = [
    [label.title, left.title ?? '', right.title ?? ''],
    [label.slug, left.slug ?? '', right.slug ?? ''],
    [label.status, status(left), status(right)],
    [label.scrapedUrl, left.scrapedUrl ?? '', right.scrapedUrl ?? ''],
    [label.newUrl, left.newUrl ?? '', right.newUrl ?? ''],
  ];
  return (
    <Table.Root size="sm" variant="outline">
      <Table.Caption captionSide="top" textAlign="start">
        {t.fields}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>
            <VisuallyHidden>{t.field}</VisuallyHidden>
          </Table.ColumnHeader>
          <Table.ColumnHeader>{leftLabel}</Table.ColumnHeader>
          <Table.ColumnHeader>{rightLabel}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map(([field, l, r]) => (
          <Table.Row key={field} data-differs={l !== r || undefined} bg={l !== r ? 'bg.emphasized' : undefined}>
            <Table.Cell as="th" scope="row" fontWeight="medium">
              {field}
            </Table.Cell>
            <Table.Cell wordBreak="break-all">{l || t.empty}</Table.Cell>
            <Table.Cell wordBreak="break-all">{r || t.empty}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
