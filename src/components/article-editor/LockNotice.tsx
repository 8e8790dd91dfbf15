import { HStack, Icon, Text } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { texts } from '../../lib/texts';

/**
 * The line a card shows when what it holds cannot be changed: both editors on a published article
 * (why, by default), or any card of the article page whose changes the signed-in role may not
 * make (`text`: who may).
 */
export function LockNotice({ text = texts.article.publishedLocked }: { text?: string }) {
  return (
    <HStack gap="2" color="fg.muted" textStyle="sm">
      <Icon aria-hidden>
        <LuLock />
      </Icon>
      <Text>{text}</Text>
    </HStack>
  );
}
