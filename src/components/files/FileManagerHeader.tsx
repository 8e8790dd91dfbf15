import { Box, Button, Flex, Heading, HStack, Icon, Text } from '@chakra-ui/react';
import { LuRefreshCw, LuUpload } from 'react-icons/lu';
import { texts } from '../../lib/texts';

export interface FileManagerHeaderProps {
  /** The file list is loading: Refresh is disabled and its icon spins. */
  isLoading?: boolean;
  /** An upload is pending: Upload Files reads 'Uploading...' and is disabled. */
  isUploading?: boolean;
  onRefresh: () => void;
  /** Opens the file chooser (the route points it at the drop zone's `openChooser`). Without it (a role that may not upload), no Upload Files. */
  onUpload?: () => void;
}

/** Title, subtitle, Refresh and Upload Files of the file manager (docs/product.md, 'File manager'). */
export function FileManagerHeader({ isLoading = false, isUploading = false, onRefresh, onUpload }: FileManagerHeaderProps) {
  return (
    <Flex gap="4" justify="space-between" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
      <Box>
        <Heading as="h1" size="2xl">
          {texts.files.title}
        </Heading>
        <Text color="fg.muted">{texts.files.subtitle}</Text>
      </Box>
      <HStack gap="2">
        <Button variant="outline" onClick={onRefresh} disabled={isLoading}>
          <Icon
            as={LuRefreshCw}
            data-spinning={isLoading || undefined}
            animation={isLoading ? 'spin 1s linear infinite' : undefined}
            _motionReduce={{ animation: 'none' }}
          />
          {texts.files.refresh}
        </Button>
        {onUpload ? (
          <Button onClick={onUpload} disabled={isUploading}>
            <LuUpload />
            {isUploading ? texts.files.uploading : texts.files.upload}
          </Button>
        ) : null}
      </HStack>
    </Flex>
  );
}
