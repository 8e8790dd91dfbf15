import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, chakra } from '@chakra-ui/react';

/**
 * The article page's side panel folds: each of its sections (a card) opens and closes by its
 * title, a button saying whether it is open; a link to its id (`#history`, the route says which
 * was followed) opens it and brings it into view. What was closed stays closed on the next
 * article (kept in the browser).
 */
interface Fold {
  open: boolean;
  toggle: () => void;
  bodyId: string;
}

const FoldContext = createContext<Fold | null>(null);

/** The sections closed, kept in the browser across articles. */
const STORAGE_KEY = 'articlePanel.closed';
const closedSections = (): string[] => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};
const keepClosed = (id: string, closed: boolean) => {
  try {
    const others = closedSections().filter((other) => other !== id);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(closed ? [...others, id] : others));
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
};

/**
 * One section of the panel, `id` its anchor; the card inside gets its title's button from here.
 * `target`: a link to it was followed (each following a new value): it opens and comes into view.
 */
export function FoldingSection({ id, target = null, children }: { id: string; target?: string | null; children: ReactNode }) {
  const [open, setOpen] = useState(() => !closedSections().includes(id));
  // The link the admin closed the section after (until another is followed, it stays closed).
  const [closedAfter, setClosedAfter] = useState<string | null>(null);
  const shown = open || (target !== null && target !== closedAfter);
  const bodyId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (target !== null) requestAnimationFrame(() => root.current?.scrollIntoView({ block: 'start' }));
  }, [target]);
  // The same value while the section's state holds: its card is not drawn again for a change elsewhere on the page.
  const fold = useMemo(
    () => ({
      open: shown,
      toggle: () => {
        keepClosed(id, shown);
        setOpen(!shown);
        if (shown) setClosedAfter(target);
      },
      bodyId,
    }),
    [id, shown, target, bodyId],
  );
  return (
    <FoldContext.Provider value={fold}>
      <Box id={id} ref={root} scrollMarginTop="16">
        {children}
      </Box>
    </FoldContext.Provider>
  );
}

/** A card's title: inside a folding section, a button that opens and closes it. */
export function FoldTitle({ children }: { children: ReactNode }) {
  const fold = useContext(FoldContext);
  if (!fold) return children;
  return (
    <chakra.button
      type="button"
      aria-expanded={fold.open}
      aria-controls={fold.bodyId}
      onClick={fold.toggle}
      display="inline-flex"
      alignItems="center"
      gap="2"
      textAlign="start"
      cursor="pointer"
      borderRadius="sm"
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}
    >
      <chakra.span aria-hidden display="inline-block" transition="transform 0.15s" transform={fold.open ? 'rotate(90deg)' : undefined} fontSize="xs" color="fg.muted">
        ▶
      </chakra.span>
      {children}
    </chakra.button>
  );
}

/** Whether the section around is open (outside the panel: always). */
export function useFoldOpen() {
  return useContext(FoldContext)?.open ?? true;
}

/** A card's body: hidden (kept, with what was typed in it) while its section is closed. */
export function FoldBody({ children }: { children: ReactNode }) {
  const fold = useContext(FoldContext);
  if (!fold) return children;
  return (
    <Box id={fold.bodyId} hidden={!fold.open}>
      {children}
    </Box>
  );
}
