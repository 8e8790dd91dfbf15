import { Button, Flex, HStack, Icon } from '@chakra-ui/react';
import { LuPlus, LuRefreshCw } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { articlesScreenTexts } from '../../lib/texts-articles';
import { AppLink } from '../common/AppLink';
import { PageTitle } from '../common/PageTitle';

export interface ArticlesHeaderProps {
  onRefresh: () => void;
  /** While true the button is disabled and its icon spins. */
  isRefreshing?: boolean;
  /** The signed-in role may create articles: New article shows (else it is left out). */
  canCreate?: boolean;
}

/** Title, subtitle, Refresh and New article (/articles/new) of the articles list (docs/product.md, 'Articles list'). */
export function ArticlesHeader({ onRefresh, isRefreshing = false, canCreate = true }: ArticlesHeaderProps) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap">
      <PageTitle title={texts.articles.title} intro={texts.articles.subtitle} />
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={onRefresh} disabled={isRefreshing} aria-busy={isRefreshing}>
          <Icon animation={isRefreshing ? 'spin' : undefined}>
            <LuRefreshCw />
          </Icon>
          {texts.articles.refresh}
        </Button>
        {canCreate ? (
          <Button asChild>
            <AppLink href="/articles/new">
              <LuPlus aria-hidden />
              {articlesScreenTexts.newArticle}
            </AppLink>
          </Button>
        ) : null}
      </HStack>
    </Flex>
  );
}
