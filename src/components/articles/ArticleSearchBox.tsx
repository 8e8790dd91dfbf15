import { chakra, Input, InputGroup } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuSearch } from 'react-icons/lu';
import { articlesScreenTexts } from '../../lib/texts-articles';

export interface ArticleSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: the text as a committed search. */
  onCommit: (value: string) => void;
  /** Esc: the search is cleared. */
  onClear: () => void;
  disabled?: boolean;
}

/** Where typing `/` belongs to the control: text fields and editable content. */
function isTextEntry(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The articles search box: `/` focuses it from anywhere but a field, Esc clears it. */
export function ArticleSearchBox({ value, onChange, onCommit, onClear, disabled = false }: ArticleSearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const document = input.current?.ownerDocument;
    if (!document) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextEntry(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <InputGroup
      flex="1"
      startElement={<LuSearch aria-hidden />}
      endElement={
        // The shortcut, shown as a key; announced through aria-keyshortcuts instead.
        <chakra.kbd aria-hidden fontFamily="mono" textStyle="xs" color="fg.muted" borderWidth="1px" rounded="sm" px="1.5">
          /
        </chakra.kbd>
      }
    >
      <Input
        ref={input}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(value);
          if (event.key === 'Escape') {
            // The browser would clear a search field itself; the search is cleared as a whole.
            event.preventDefault();
            onClear();
          }
        }}
        placeholder={articlesScreenTexts.searchPlaceholder}
        aria-label={articlesScreenTexts.searchLabel}
        aria-keyshortcuts="/"
        bg="bg.card"
        disabled={disabled}
      />
    </InputGroup>
  );
}
