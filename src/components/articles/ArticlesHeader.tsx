import { Button, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { texts } from '../../lib/texts';

export interface ArticlesHeaderProps {
  onRefresh: () => void;
  /** While true the button is disabled and its icon spins. */
  isRefreshing?: boolean;
}

/** Title, subtitle and Refresh of the articles list (SPEC.md "Articles list"). */
export function ArticlesHeader({ onRefresh, isRefreshing = false }: ArticlesHeaderProps) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {texts.articles.title}
        </Heading>
        <Text color="fg.muted">{texts.articles.subtitle}</Text>
      </Stack>
      <Button variant="outline" onClick={onRefresh} disabled={isRefreshing} aria-busy={isRefreshing}>
        <Icon animation={isRefreshing ? 'spin' : undefined}>
          <LuRefreshCw />
        </Icon>
        {texts.articles.refresh}
      </Button>
    </Flex>
  );
}
