import { VisuallyHidden } from '@chakra-ui/react';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ACCEPTED_UPLOAD_TYPES, type StoredFile } from '../../contract';
import { fileExtraTexts as t } from '../../lib/texts-files';

/** Lets a file's 'Replace…' open the chooser for that file. */
export interface ReplaceFileInputHandle {
  choose: (target: StoredFile) => void;
}

export interface ReplaceFileInputProps {
  /** Called with the file being replaced and the one chosen to replace it. */
  onChosen: (target: StoredFile, replacement: File) => void;
  ref?: Ref<ReplaceFileInputHandle>;
}

/**
 * The hidden chooser behind each file's 'Replace…': one file, the types an upload accepts. It
 * is labelled with the file it replaces, so a test (or a screen reader) can find it.
 */
export function ReplaceFileInput({ onChosen, ref }: ReplaceFileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<StoredFile | null>(null);
  // Read when the choice arrives: the state may not have rendered yet when the chooser opens.
  const chosenFor = useRef<StoredFile | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      choose: (file) => {
        chosenFor.current = file;
        setTarget(file);
        input.current?.click();
      },
    }),
    [],
  );

  return (
    <VisuallyHidden asChild>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_UPLOAD_TYPES}
        aria-label={target ? t.replaceInput(target.name) : t.replaceInput('a file')}
        tabIndex={-1}
        onChange={(event) => {
          const replacement = event.target.files?.[0];
          // Reset so that choosing the same file again still fires a change.
          event.target.value = '';
          const file = chosenFor.current;
          if (replacement && file) onChosen(file, replacement);
        }}
      />
    </VisuallyHidden>
  );
}
