import { Fragment, useState } from 'react';
import { Box, Card, HStack, Icon, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuCircleAlert, LuCircleCheck } from 'react-icons/lu';
import { SectionCard } from './SectionCard';
import { Button } from '../common/Button';
import { ErrorNotice } from '../common/ErrorNotice';
import type { ArticleChecks, CheckItem, CheckKind } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { checksTexts as t } from '../../lib/texts-checks';

export interface ChecksCardProps {
  /** The last result kept for the article (the server's own run after a change, or one on demand); null before any. */
  checks: ArticleChecks | null;
  /** The kept result is being read. */
  loading?: boolean;
  running: boolean;
  /** Why the last run (or reading the kept result) failed, in the API's words, or null. */
  error: string | null;
  onRun: () => void;
  /** The HTML editor holds unsaved edits (the checks read the saved HTML): said beside the result. */
  unsaved?: boolean;
  /** The article was saved after the result shown: the server's own run of it is not done yet. */
  stale?: boolean;
  /** Puts an item's place in the HTML editor in view, selected; offered for the items `canShow` finds there. */
  onShow?: (item: CheckItem) => void;
  canShow?: (item: CheckItem) => boolean;
  /**
   * Writes the file's alt text (`item.fileAlt`) into the image's tag in the HTML editor: offered
   * for the items `canShow` finds there, while the HTML may be edited.
   */
  onUseFileAlt?: (item: CheckItem) => void;
}

/** How many items of a kind are shown until the rest is asked for. */
export const CHECKS_SHOWN_PER_KIND = 3;

/** The items by kind (in the order the kinds first come), those to fix first in each. */
function byKind(items: readonly CheckItem[]): [CheckKind, CheckItem[]][] {
  const groups = new Map<CheckKind, CheckItem[]>();
  for (const item of items) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item]);
  return [...groups].map(([kind, list]) => [kind, [...list.filter((i) => !i.ok), ...list.filter((i) => i.ok)]]);
}

/**
 * The article page's checks before publishing: the last result kept (the server runs them after
 * each change), a Run button, then the words and reading time and the items by kind, those to fix
 * first, the first few of each kind shown (the rest on asking), each with what it is about (an
 * image's address, a heading's text) and a way to its place in the HTML editor. Publishing is
 * never blocked by them.
 */
export function ChecksCard({
  checks,
  loading = false,
  running,
  error,
  onRun,
  unsaved = false,
  stale = false,
  onShow,
  canShow,
  onUseFileAlt,
}: ChecksCardProps) {
  const failing = checks?.items.filter((item) => !item.ok).length ?? 0;
  // The kinds shown whole (asked for).
  const [whole, setWhole] = useState<ReadonlySet<CheckKind>>(new Set());
  return (
    <SectionCard title={t.title} subtitle={t.subtitle}>
      <Card.Body>
        <Stack gap="4" aria-busy={running || loading}>
          <HStack justify="space-between" gap="4" wrap="wrap">
            {/* A live region from the start: a run's outcome is said when it ends, for those who do not see the list change. */}
            <Box role="status">
              {checks ? (
                <Stack gap="0">
                  <Text fontWeight="semibold">
                    {t.outcome(failing)} {t.reading(checks.wordCount, checks.readingMinutes)}
                  </Text>
                  <Text textStyle="sm" color="fg.muted">
                    {t.checkedAt(formatDateTime(checks.checkedAt))}
                    {stale ? ` ${t.stale}` : ''}
                    {unsaved ? ` ${t.unsaved}` : ''}
                  </Text>
                </Stack>
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  {loading ? t.loading : stale ? t.pending : t.notRun}
                </Text>
              )}
            </Box>
            <Button variant="outline" size="sm" onClick={onRun} loading={running} loadingText={t.running} disabled={loading}>
              {checks ? t.runAgain : t.run}
            </Button>
          </HStack>
          <ErrorNotice message={error} />
          {checks ? (
            <List.Root gap="2" variant="plain" aria-label={t.title}>
              {byKind(checks.items).map(([kind, items]) => {
                const shown = whole.has(kind) ? items : items.slice(0, CHECKS_SHOWN_PER_KIND);
                return (
                  <Fragment key={kind}>
                    {shown.map((item, i) => (
                      <List.Item key={`${item.kind}-${i}`} alignItems="flex-start" gap="2">
                        <List.Indicator asChild color={item.ok ? 'status.ok' : 'status.warn'} mt="0.5">
                          <Icon aria-hidden>{item.ok ? <LuCircleCheck /> : <LuCircleAlert />}</Icon>
                        </List.Indicator>
                        <Stack gap="0" minW="0">
                          <Text textStyle="sm">
                            <VisuallyHidden>{`${item.ok ? t.passed : t.failed}: `}</VisuallyHidden>
                            <Text as="span" fontWeight="semibold">
                              {t.kinds[item.kind]}
                            </Text>
                            {': '}
                            {item.detail}
                          </Text>
                          {item.target ? (
                            <Text textStyle="xs" color="fg.muted" fontFamily="mono" truncate title={item.target}>
                              {item.target}
                            </Text>
                          ) : null}
                          {!item.ok && item.fileAlt ? (
                            <Text textStyle="sm" color="fg.muted">
                              {t.fileAlt(item.fileAlt)}
                            </Text>
                          ) : null}
                          {!item.ok && onShow && canShow?.(item) ? (
                            <HStack gap="4" wrap="wrap">
                              <Button variant="plain" size="xs" px="0" h="auto" textDecoration="underline" onClick={() => onShow(item)} aria-label={t.showLabel(t.kinds[item.kind], item.target)}>
                                {t.show}
                              </Button>
                              {item.fileAlt && onUseFileAlt ? (
                                <Button variant="plain" size="xs" px="0" h="auto" textDecoration="underline" onClick={() => onUseFileAlt(item)} aria-label={t.useFileAltLabel(item.target)}>
                                  {t.useFileAlt}
                                </Button>
                              ) : null}
                            </HStack>
                          ) : null}
                        </Stack>
                      </List.Item>
                    ))}
                    {items.length > shown.length ? (
                      <List.Item ps="6">
                        <Button variant="plain" size="xs" px="0" h="auto" textDecoration="underline" onClick={() => setWhole(new Set([...whole, kind]))}>
                          {t.showMore(items.length - shown.length, t.kinds[kind])}
                        </Button>
                      </List.Item>
                    ) : null}
                  </Fragment>
                );
              })}
            </List.Root>
          ) : null}
        </Stack>
      </Card.Body>
    </SectionCard>
  );
}
