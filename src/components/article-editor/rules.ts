/**
 * The editing rules of the article detail screen (docs/product.md, 'Validation'), as pure functions so
 * they are unit-tested once and the components only read them.
 */

export type SlugCheckStatus = 'idle' | 'checking' | 'available' | 'unavailable' | 'error';

export interface SlugCheckState {
  status: SlugCheckStatus;
  /** The server's message for an answered check. */
  message?: string;
  /** A free alternative the server suggests when the slug is taken. */
  suggestion?: string;
}

/** A slug that was never set counts as the empty text. */
export function isSlugChanged(value: string, savedSlug: string | null): boolean {
  return value !== (savedSlug ?? '');
}

/** Verify is disabled when the slug is empty, a check is running, or the article is published. */
export function canVerifySlug(input: {
  value: string;
  isPublished: boolean;
  checkStatus: SlugCheckStatus;
}): boolean {
  return input.value.trim() !== '' && !input.isPublished && input.checkStatus !== 'checking';
}

/**
 * A slug can be saved only if it changed, the article is not published, and the availability
 * check is not running and has not said unavailable. An empty slug or a save already under
 * way cannot be saved either (the API takes a slug of at least one character).
 */
export function canSaveSlug(input: {
  value: string;
  savedSlug: string | null;
  isPublished: boolean;
  checkStatus: SlugCheckStatus;
  isSaving: boolean;
}): boolean {
  return (
    isSlugChanged(input.value, input.savedSlug) &&
    input.value.trim() !== '' &&
    !input.isPublished &&
    !input.isSaving &&
    input.checkStatus !== 'checking' &&
    input.checkStatus !== 'unavailable'
  );
}

/** HTML Save is enabled only with unsaved changes, when not saving and not published. */
export function canSaveHtml(input: {
  value: string;
  savedHtml: string | null;
  isPublished: boolean;
  isSaving: boolean;
}): boolean {
  return input.value !== (input.savedHtml ?? '') && !input.isSaving && !input.isPublished;
}

/**
 * Whether a key press would change the text: a printable character or a deletion (and Enter
 * in a multi-line editor), without a Ctrl/Cmd/Alt shortcut. Copying, selecting, Tab and the
 * arrow keys stay allowed on a published article.
 */
export function isEditKey(
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean },
  options: { multiline?: boolean } = {},
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.key === 'Enter') return Boolean(options.multiline);
  return event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete';
}

/** The Website Preview card is shown only if a scraped or new URL exists. */
export function hasWebsitePreview(urls: { scrapedUrl: string | null; newUrl: string | null }): boolean {
  return Boolean(urls.scrapedUrl || urls.newUrl);
}

export type PreviewDevice = 'desktop' | 'tablet' | 'mobile';

/** Fixed viewport sizes of the device frames; desktop takes the full width of the card. */
export const DEVICE_SIZES = {
  tablet: { width: 768, height: 1024 },
  mobile: { width: 375, height: 667 },
} as const;

/** The scale that fits a frame of `frameWidth` into `available` pixels, never enlarging it. */
export function fitScale(available: number, frameWidth: number): number {
  if (available <= 0 || frameWidth <= 0) return 1;
  return Math.min(1, available / frameWidth);
}

/** What a slug check's query says, as the slug editor shows it. */
export interface SlugCheckQueryState {
  /** The slug sent to be checked, or null before the first Verify. */
  checked: string | null;
  /** The slug in the field now. */
  value: string;
  isFetching: boolean;
  isError: boolean;
  data?: { available: boolean; message: string; slug?: string | null };
}

/**
 * The check of the slug in the field: idle until Verify, and again as soon as the field no
 * longer holds the slug that was checked; then checking, failed, available or taken (with the
 * server's free suggestion).
 */
export function slugCheckState({ checked, value, isFetching, isError, data }: SlugCheckQueryState): SlugCheckState {
  if (checked === null || checked !== value) return { status: 'idle' };
  if (isFetching) return { status: 'checking' };
  if (isError) return { status: 'error' };
  if (!data) return { status: 'idle' };
  return data.available
    ? { status: 'available', message: data.message }
    : { status: 'unavailable', message: data.message, suggestion: data.slug ?? undefined };
}
