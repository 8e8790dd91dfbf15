/** Texts of the HTML editor's Insert image… and its dialog, which takes a picture of the file library into the article. */
export const imagePickerTexts = {
  open: 'Insert image…',
  title: 'Insert an image from the file library',
  close: 'Close',
  searchLabel: 'Search images by name',
  searchPlaceholder: 'Name of the image',
  loading: "Reading the library's images…",
  failedTitle: "The library's images could not be read",
  empty: 'The file library has no images yet: upload some in Files, then insert them here.',
  noMatch: (search: string) => `No image's name holds “${search}”.`,
  /** Under each picture: its alt text, which the image brings into the HTML. */
  alt: (alt: string) => `Alt text: ${alt}`,
  noAlt: 'No alt text: the checks will ask for some',
  insertHint: 'The image goes where the cursor is in the HTML, with its alt text, caption and credit.',
  /** More images match than are shown. */
  more: (shown: number, total: number) => `The ${shown} newest of ${total.toLocaleString('en-US')} images: search by name to find the others.`,
  listLabel: "The library's images",
};
