import { Box, Center, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { StoredFile } from '../../contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { FileActionsMenu, type FileActions } from './FileActionsMenu';
import { FileTypeBadge, FileTypeIcon } from './FileTypeIcon';

export interface FileViewProps extends FileActions {
  files: StoredFile[];
}

/** Files as cards: a thumbnail (or type icon), name, type, size and upload time. */
export function FileGrid({ files, ...actions }: FileViewProps) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" listStyleType="none" data-view="grid">
      {files.map((file) => (
        <Box as="li" key={file.id} borderWidth="1px" rounded="lg" overflow="hidden" bg="bg.card">
          <Center h="32" bg="bg.muted">
            {file.type === 'image' && file.thumbnailUrl ? (
              <Image src={file.thumbnailUrl} alt={file.name} h="full" w="full" objectFit="cover" />
            ) : (
              <FileTypeIcon type={file.type} boxSize="12" />
            )}
          </Center>
          <Stack p="3" gap="1">
            <HStack justify="space-between" align="flex-start" gap="2">
              <Text fontWeight="medium" truncate title={file.name} minW="0">
                {file.name}
              </Text>
              <FileActionsMenu file={file} {...actions} />
            </HStack>
            <HStack gap="2" fontSize="sm" color="fg.muted">
              <FileTypeIcon type={file.type} boxSize="4" />
              <FileTypeBadge type={file.type} />
              <Text>{formatBytes(file.size)}</Text>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(file.uploadedAt)}
            </Text>
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}
