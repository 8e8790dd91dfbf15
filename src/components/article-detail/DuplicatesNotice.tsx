import { Alert, Link, List, Stack, Text } from '@chakra-ui/react';
import type { Duplicate } from '../../contract';
import { duplicatesTexts as t } from '../../lib/texts-duplicates';
import { AppLink } from '../common/AppLink';
import { articleTitle } from './ArticleDetailHeader';

export interface DuplicatesNoticeProps {
  /** The articles this one looks like a copy of (the same address first, then most alike); none: nothing is shown. */
  duplicates: readonly Duplicate[];
}

/**
 * "Looks like a copy of …": on the article page and in a scrape's result, the articles with the
 * same address once normalised or a text at least 90% alike, each a link with why.
 */
export function DuplicatesNotice({ duplicates }: DuplicatesNoticeProps) {
  if (duplicates.length === 0) return null;
  const name = (d: Duplicate) => articleTitle(d.id, null, d.title);
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{t.title(duplicates.length, name(duplicates[0]!))}</Alert.Title>
        <Stack gap="2">
          <List.Root ps="5" gap="1" aria-label={t.listLabel} textStyle="sm">
            {duplicates.map((d) => (
              <List.Item key={d.id}>
                <Link asChild variant="underline">
                  <AppLink href={`/articles/${encodeURIComponent(d.id)}`}>{name(d)}</AppLink>
                </Link>
                <Text as="span" color="fg.muted">
                  {' '}
                  — {t.why(d.similarity, d.reason)}
                </Text>
              </List.Item>
            ))}
          </List.Root>
          <Alert.Description textStyle="sm">{t.hint}</Alert.Description>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
