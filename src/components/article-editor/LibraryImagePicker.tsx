import { Badge, Box, chakra, Field, Image, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { StoredFile } from '../../contract';
import { imagePickerTexts as t } from '../../lib/texts-image-picker';
import { ClosableDialog } from '../common/ClosableDialog';
import { ListStates } from '../common/ListStates';
import { fileImageUrl, withVersion } from '../files/fileUrls';

export interface LibraryImagePickerProps {
  open: boolean;
  onClose: () => void;
  /** The name searched for, as typed. */
  search: string;
  onSearch: (search: string) => void;
  /** The newest images whose name holds the search (undefined before the first answer). */
  images: StoredFile[] | undefined;
  /** How many images match in all (more than `images` holds: the dialog says so). */
  total: number;
  isLoading: boolean;
  /** Why the images could not be read, in the server's words, or null. */
  error: string | null;
  onRetry: () => void;
  /** An image chosen: the dialog's owner takes it into the HTML and closes it. */
  onPick: (file: StoredFile) => void;
}

/** A tile: the picture, its name, and the alt text it brings (or that it has none). */
const tileStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '2',
  borderWidth: '1px',
  borderRadius: 'md',
  bg: 'bg.card',
  textAlign: 'start',
  cursor: 'pointer',
  minW: '0',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
} as const;

/**
 * 'Insert image…' of the HTML editor: the library's images, newest first, searched by name; each
 * says the alt text it brings into the article (or that it has none, which the checks then ask
 * for). Choosing one inserts it; the dialog lists the newest only and says when others match.
 */
export function LibraryImagePicker({ open, onClose, search, onSearch, images, total, isLoading, error, onRetry, onPick }: LibraryImagePickerProps) {
  return (
    <ClosableDialog open={open} title={t.title} onClose={onClose} closeLabel={t.close} size="xl">
      <Stack gap="4">
        <Text textStyle="sm" color="fg.muted">
          {t.insertHint}
        </Text>
        <Field.Root>
          <Field.Label>{t.searchLabel}</Field.Label>
          <Input type="search" value={search} placeholder={t.searchPlaceholder} onChange={(e) => onSearch(e.target.value)} maxLength={200} />
        </Field.Root>
        <Box aria-busy={isLoading}>
          <ListStates
            inline
            items={images}
            isLoading={isLoading && !images}
            loadingLabel={t.loading}
            error={error}
            errorTitle={t.failedTitle}
            onRetry={onRetry}
            empty={<Text color="fg.muted">{search.trim() ? t.noMatch(search.trim()) : t.empty}</Text>}
          >
            {(shown) => (
              <Stack gap="3">
                <SimpleGrid as="ul" aria-label={t.listLabel} columns={{ base: 2, md: 3 }} gap="3" listStyleType="none">
                  {shown.map((file) => (
                    <li key={file.id}>
                      <chakra.button type="button" w="full" h="full" {...tileStyle} onClick={() => onPick(file)}>
                        <Image
                          src={file.thumbnailUrl ? withVersion(file.thumbnailUrl, file.lastModified) : fileImageUrl(file, 320)}
                          alt=""
                          h="24"
                          w="full"
                          objectFit="cover"
                          borderRadius="sm"
                          bg="bg.muted"
                          draggable={false}
                        />
                        <Text fontWeight="medium" textStyle="sm" truncate>
                          {file.name}
                        </Text>
                        {file.alt.trim() ? (
                          <Text textStyle="xs" color="fg.muted" lineClamp={2}>
                            {t.alt(file.alt.trim())}
                          </Text>
                        ) : (
                          <Badge colorPalette="orange" size="sm" alignSelf="start" whiteSpace="normal">
                            {t.noAlt}
                          </Badge>
                        )}
                      </chakra.button>
                    </li>
                  ))}
                </SimpleGrid>
                {total > shown.length ? (
                  <Text textStyle="sm" color="fg.muted">
                    {t.more(shown.length, total)}
                  </Text>
                ) : null}
              </Stack>
            )}
          </ListStates>
        </Box>
      </Stack>
    </ClosableDialog>
  );
}
