import { HStack, Icon, Text } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { texts } from '../../lib/texts';

/** The line both editors show on a published article: why their fields are read-only. */
export function PublishedLockNotice() {
  return (
    <HStack gap="2" color="fg.muted" textStyle="sm">
      <Icon aria-hidden>
        <LuLock />
      </Icon>
      <Text>{texts.article.publishedLocked}</Text>
    </HStack>
  );
}
