import { Box, Center, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { formatBytes, formatDateTime } from '../../lib/format';
import { FileActionsMenu } from './FileActionsMenu';
import type { FileViewProps } from './FileGrid';
import { FileTypeBadge, FileTypeIcon } from './FileTypeIcon';

/** Files as rows: icon or thumbnail, name, type, size, upload time and the menu. */
export function FileList({ files, ...actions }: FileViewProps) {
  return (
    <Stack as="ul" gap="0" listStyleType="none" data-view="list">
      {files.map((file) => (
        <HStack
          as="li"
          key={file.id}
          gap="3"
          py="3"
          px="2"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: '0' }}
        >
          <Center boxSize="10" flexShrink="0" rounded="md" bg="bg.muted" overflow="hidden">
            {file.type === 'image' && file.thumbnailUrl ? (
              <Image src={file.thumbnailUrl} alt={file.name} boxSize="10" objectFit="cover" />
            ) : (
              <FileTypeIcon type={file.type} boxSize="5" />
            )}
          </Center>
          <Box flex="1" minW="0">
            <Text fontWeight="medium" truncate title={file.name}>
              {file.name}
            </Text>
            <HStack gap="2" fontSize="sm" color="fg.muted" flexWrap="wrap">
              <FileTypeBadge type={file.type} />
              <Text>{formatBytes(file.size)}</Text>
              <Text>{formatDateTime(file.uploadedAt)}</Text>
            </HStack>
          </Box>
          <FileActionsMenu file={file} {...actions} />
        </HStack>
      ))}
    </Stack>
  );
}
