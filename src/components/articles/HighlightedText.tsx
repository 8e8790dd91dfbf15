import { chakra } from '@chakra-ui/react';
import type { SearchSnippet } from '../../contract';
import { highlightParts, snippetParts, type TextPart } from './highlight';

/** Runs of text, the matched ones in <mark> elements: React text nodes, never parsed HTML. */
function MarkedParts({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
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

/** `text` with the words of `query` marked (client-side, for what the card shows as is). */
export function HighlightedText({ text, query }: { text: string; query?: string }) {
  if (!query?.trim()) return <>{text}</>;
  return <MarkedParts parts={highlightParts(text, query)} />;
}

/** A search snippet with the server's matches marked (its ranges are code points). */
export function SnippetText({ snippet }: { snippet: SearchSnippet }) {
  return <MarkedParts parts={snippetParts(snippet.text, snippet.ranges)} />;
}
