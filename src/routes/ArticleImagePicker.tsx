import { useCallback, useDeferredValue, useState } from 'react';
import { useFiles } from '../api/files';
import { LibraryImagePicker } from '../components/article-editor';
import { messageOf } from '../components/common/messageOf';
import type { StoredFile } from '../contract';
import type { Insertion } from '../lib/checkPlace';
import { libraryImageHtml } from '../lib/libraryImageHtml';

/** How many of the library's images (the newest matching the search) the dialog shows. */
const SHOWN_IMAGES = 48;

/** The open dialog: the library's images read (and searched) only while it shows. */
function OpenPicker({ onClose, onPick }: { onClose: () => void; onPick: (file: StoredFile) => void }) {
  const [search, setSearch] = useState('');
  // Each keystroke's list is asked behind the typing; the last answer stays shown meanwhile.
  const searched = useDeferredValue(search.trim());
  const files = useFiles({ type: 'image', search: searched, limit: SHOWN_IMAGES });
  return (
    <LibraryImagePicker
      open
      onClose={onClose}
      search={search}
      onSearch={setSearch}
      images={files.data?.files}
      total={files.data?.total ?? 0}
      isLoading={files.isFetching}
      error={files.isError ? messageOf(files.error) : null}
      onRetry={() => void files.refetch()}
      onPick={onPick}
    />
  );
}

/**
 * The HTML editor's Insert image…: `onOpen` shows the library's images; the one chosen becomes
 * `insertion`, its HTML (address, alt text, caption and credit), which the editor writes where
 * its cursor is. `picker` is the dialog, rendered by the page.
 */
export function useImagePicker() {
  const [open, setOpen] = useState(false);
  const [insertion, setInsertion] = useState<Insertion | null>(null);
  const onOpen = useCallback(() => setOpen(true), []);
  const pick = useCallback((file: StoredFile) => {
    setInsertion({ text: libraryImageHtml(file), nonce: Date.now() });
    setOpen(false);
  }, []);
  const picker = open ? <OpenPicker onClose={() => setOpen(false)} onPick={pick} /> : null;
  return { onOpen, insertion, picker };
}
