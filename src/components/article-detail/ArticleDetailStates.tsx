import { Button, Heading, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { LuArrowLeft, LuRefreshCw } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';

/** While the article loads. */
export function ArticleLoading() {
  return (
    <VStack role="status" gap="3" py="16" color="fg.muted">
      <Spinner size="lg" aria-hidden="true" />
      <Text>{texts.article.loading}</Text>
    </VStack>
  );
}

export interface ArticleNotFoundProps {
  /** The load error's message; 'Failed to fetch article' when there is none. */
  message?: string | null;
  onRetry: () => void;
}

/** The article could not be loaded: unknown id or a failed call. */
export function ArticleNotFound({ message, onRetry }: ArticleNotFoundProps) {
  return (
    <VStack gap="3" py="16" textAlign="center">
      <Heading as="h1" size="xl">
        {texts.article.notFound}
      </Heading>
      <Text color="fg.muted">{message || texts.article.errorFallback}</Text>
      <HStack gap="3" pt="2">
        <Button asChild variant="outline">
          <AppLink href="/articles">
            <LuArrowLeft />
            {texts.article.back}
          </AppLink>
        </Button>
        <Button onClick={onRetry}>
          <LuRefreshCw />
          {texts.article.tryAgain}
        </Button>
      </HStack>
    </VStack>
  );
}
