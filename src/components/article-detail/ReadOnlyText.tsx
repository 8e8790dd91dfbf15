import { Box } from '@chakra-ui/react';

export interface ReadOnlyTextProps {
  /** The id of the element that names the block (a region needs a name). */
  labelledBy: string;
  /** The text, shown as written (white space kept, long words broken). */
  text: string;
}

/** Text to read, not edit: a named region keyboard users can focus and scroll. */
export function ReadOnlyText({ labelledBy, text }: ReadOnlyTextProps) {
  return (
    <Box
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      maxH="80"
      overflow="auto"
      bg="bg.muted"
      color="fg"
      borderRadius="md"
      p="3"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      <Box as="pre" fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" m="0">
        <code>{text}</code>
      </Box>
    </Box>
  );
}
