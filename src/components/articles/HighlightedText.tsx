import { chakra } from '@chakra-ui/react';
import { highlightParts } from './highlight';

/** `text` with the words of `query` in <mark> elements: React text nodes, never parsed HTML. */
export function HighlightedText({ text, query }: { text: string; query?: string }) {
  if (!query?.trim()) return <>{text}</>;
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          <chakra.mark key={i} bg="yellow.muted" color="fg" rounded="xs" px="0.5" mx="-0.5">
            {part.text}
          </chakra.mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
