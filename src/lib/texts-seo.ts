/**
 * Texts of the article page's SEO and social card. What the server refuses is said in its own
 * words (src/contract/seo.ts `seoMessages`), which the card checks with `seoProblem` before sending.
 */
import { SEO_ADVISED } from '../contract/seo';

export const seoTexts = {
  title: 'SEO and social',
  subtitle: 'What a search result and a shared link show of this article. Empty fields fall back to the title and the start of the text.',
  metaTitleLabel: 'Meta title',
  metaDescriptionLabel: 'Meta description',
  canonicalLabel: 'Canonical URL',
  canonicalHint: 'The address search engines should credit. For a republished article, the source.',
  useSource: 'Use the source address',
  socialImageLabel: 'Social image',
  socialImageNone: 'No image',
  socialImageMissing: 'The chosen image is no longer in the file library.',
  socialImageAlt: (alt: string) => `The card says what it shows with the file's alt text: “${alt}”.`,
  socialImageNoAlt: 'This image has no alt text: give it some in the file library, and the card carries it.',
  chosenImage: 'The image chosen before',
  noImages: 'The file library has no images yet: upload one in the File Manager.',
  imagesFailed: "The file library's images could not be loaded.",
  /** '42 / 60 characters'. */
  count: (n: number, advised: number) => `${n.toLocaleString('en-US')} / ${advised} characters`,
  overAdvised: (advised: number) => `Longer than ${advised} characters: the end is cut off where it is shown.`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'SEO fields saved.',
  searchPreview: 'In a search result',
  socialPreview: 'In a shared link',
  noAddress: 'No address yet',
  advised: SEO_ADVISED,
  /** The closed card: which fields are set. */
  closedSet: (fields: string[]) => `Set: ${fields.join(', ')}.`,
  closedNone: 'None set: search results and shared links show the title and the start of the text.',
  fieldName: { metaTitle: 'meta title', metaDescription: 'meta description', canonicalUrl: 'canonical URL', socialImageId: 'social image' },
  show: 'Show the fields',
};
