import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SeoCard, type SeoImage } from '../../../src/components/article-detail/SeoCard';
import { SEO_ADVISED, seoMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { seoTexts as t } from '../../../src/lib/texts-seo';
import { expectBusy } from '../../busy';
import { files, makeArticle } from '../../fixtures';

/** The sample library's images, as the card offers them. */
const images: SeoImage[] = files
  .filter((file) => file.type === 'image')
  .map((file) => ({ id: file.id, name: file.name, src: file.thumbnailUrl ?? file.url, alt: file.alt }));
const article = makeArticle();

const meta = {
  title: 'Components/ArticleDetail/SeoCard',
  component: SeoCard,
  args: { article, images, onSave: fn(async () => {}) },
} satisfies Meta<typeof SeoCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement, label: string) => within(canvasElement).getByLabelText(label);
const saveButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: t.save });
const preview = (canvasElement: HTMLElement, name: string) => within(within(canvasElement).getByRole('figure', { name }));

/** Nothing set: the previews fall back to the title and the start of the raw text; Save waits for a change. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: t.title })).toBeVisible();
    await expect(field(canvasElement, t.metaTitleLabel)).toHaveValue('');
    await expect(within(canvasElement).getByText(t.count(0, SEO_ADVISED.metaTitle))).toBeVisible();
    const search = preview(canvasElement, t.searchPreview);
    await expect(search.getByText(article.title!)).toBeVisible();
    await expect(search.getByText('blog.example.com › how-to-grow-tomatoes')).toBeVisible();
    // The raw text, cut at what a result shows.
    await expect(search.getByText(/^How to grow tomatoes in small spaces\. .*…$/)).toBeVisible();
    await expect(preview(canvasElement, t.socialPreview).getByText(t.socialImageNone)).toBeVisible();
    await expect(saveButton(canvasElement)).toBeDisabled();
  },
};

/** Every field set, the image one of the library's: both previews show them. */
export const Filled: Story = {
  args: {
    article: makeArticle({
      metaTitle: 'Grow tomatoes on a balcony',
      metaDescription: 'Sun, water and patience: a summer of fruit from one pot on a small balcony.',
      canonicalUrl: 'https://garden.example.com/guides/vegetables/how-to-grow-tomatoes-in-small-spaces',
      socialImageId: 'file_02',
    }),
    // The chosen file has alt text: the card carries it, and says so.
    images: images.map((image) => (image.id === 'file_02' ? { ...image, alt: 'Ripe tomatoes on a balcony rail' } : image)),
  },
  play: async ({ canvasElement }) => {
    const social = preview(canvasElement, t.socialPreview);
    await expect(social.getByRole('img', { name: 'Ripe tomatoes on a balcony rail' })).toBeVisible();
    await expect(within(canvasElement).getByText(t.socialImageAlt('Ripe tomatoes on a balcony rail'))).toBeVisible();
    await expect(social.getByText('garden.example.com')).toBeVisible();
    await expect(social.getByText('Grow tomatoes on a balcony')).toBeVisible();
    await expect(field(canvasElement, t.socialImageLabel)).toHaveValue('file_02');
    await expect(preview(canvasElement, t.searchPreview).getByText(/^garden\.example\.com › guides/)).toBeVisible();
  },
};

/** The chosen image has no alt text in the library: the card says where to give it some. */
export const SocialImageWithoutAlt: Story = {
  args: { article: makeArticle({ metaTitle: 'Grow tomatoes on a balcony', socialImageId: 'file_03' }) },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement, t.socialImageLabel)).toHaveValue('file_03');
    await expect(within(canvasElement).getByText(t.socialImageNoAlt)).toBeVisible();
  },
};

/** Typing changes the previews at once; Save sends the changed fields only, and says so. */
export const EditAndSave: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(field(canvasElement, t.metaTitleLabel), 'Balcony tomatoes');
    await expect(preview(canvasElement, t.searchPreview).getByText('Balcony tomatoes')).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.useSource }));
    await expect(field(canvasElement, t.canonicalLabel)).toHaveValue(article.scrapedUrl);
    await userEvent.selectOptions(field(canvasElement, t.socialImageLabel), 'team-photo.jpg');
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({
      metaTitle: 'Balcony tomatoes',
      canonicalUrl: article.scrapedUrl,
      socialImageId: 'file_03',
    });
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent(t.saved));
  },
};

/** Longer than a result shows: the count says so, and the previews cut it with an ellipsis. Still allowed. */
export const LongValues: Story = {
  args: {
    article: makeArticle({
      metaTitle: 'How to grow tomatoes in small spaces, on balconies, windowsills and shared rooftop gardens in any city',
      metaDescription:
        'Tomatoes are one of the most rewarding vegetables to grow at home, and even a balcony can give you a summer of fruit if you choose the right variety, the right container and a spot with six hours of sun.',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(new RegExp(t.overAdvised(SEO_ADVISED.metaTitle).replace('.', '\\.')))).toBeVisible();
    await expect(canvas.getByText(new RegExp(t.overAdvised(SEO_ADVISED.metaDescription).replace('.', '\\.')))).toBeVisible();
    // Both cut at what a result shows, with an ellipsis.
    const search = preview(canvasElement, t.searchPreview);
    await expect(search.getByText(/^How to grow tomatoes in small spaces, on balconies, windowsi…$/)).toBeVisible();
    await expect(search.getByText(/^Tomatoes are one of the most rewarding .*…$/)).toBeVisible();
  },
};

/** A canonical address that is not http(s): refused in the server's words before anything is sent, the field as typed. */
export const BadCanonical: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(field(canvasElement, t.canonicalLabel), 'javascript:alert(1)');
    await userEvent.click(saveButton(canvasElement));
    await expect(await within(canvasElement).findByText(seoMessages.canonicalNotHttp)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(field(canvasElement, t.canonicalLabel)).toHaveValue('javascript:alert(1)');
  },
};

/** The server refuses (an image gone from the library meanwhile): its message, every field left as typed. */
export const SaveRefused: Story = {
  args: {
    onSave: fn(async () => {
      throw Object.assign(new Error(seoMessages.socialImageNotImage), { code: 'validation_failed' });
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.selectOptions(field(canvasElement, t.socialImageLabel), 'hero-banner.png');
    await userEvent.click(saveButton(canvasElement));
    await expect(await within(canvasElement).findByText(seoMessages.socialImageNotImage)).toBeVisible();
    await expect(field(canvasElement, t.socialImageLabel)).toHaveValue('file_02');
  },
};

/** While the change is sent: Save busy, the fields disabled. */
export const Saving: Story = {
  args: { onSave: fn(() => new Promise(() => {})) },
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement, t.metaDescriptionLabel), 'Short and sweet.');
    await userEvent.click(saveButton(canvasElement));
    await expectBusy(within(canvasElement).getByRole('button', { name: t.saving }));
    await expect(field(canvasElement, t.metaDescriptionLabel)).toBeDisabled();
  },
};

/** A published article: the fields read-only with why, no Save. */
export const Published: Story = {
  args: { refused: texts.article.publishedLocked, article: makeArticle({ metaTitle: 'Grow tomatoes on a balcony' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(texts.article.publishedLocked)).toBeVisible();
    await expect(field(canvasElement, t.metaTitleLabel)).toBeDisabled();
    await expect(within(canvasElement).queryByRole('button', { name: t.save })).toBeNull();
  },
};

/** The library's images still loading, none at all, or unreadable: the choice waits, or says why. */
export const ImagesLoading: Story = { args: { images: undefined } };

export const NoImages: Story = {
  args: { images: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.noImages)).toBeVisible();
    await expect(field(canvasElement, t.socialImageLabel)).toBeDisabled();
  },
};

export const ImagesFailed: Story = {
  args: { images: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.imagesFailed)).toBeVisible();
  },
};

/** The chosen image has left the library: said, and choosing another or none fixes it. */
export const ImageGone: Story = {
  args: { article: makeArticle({ socialImageId: 'file_gone' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.socialImageMissing)).toBeVisible();
    await expect(field(canvasElement, t.socialImageLabel)).toHaveValue('file_gone');
  },
};

/** Closed, as the article page first shows it: nothing set, said so, and the button that opens it. */
export const Closed: Story = {
  args: { open: false, images: undefined, onOpen: fn() },
  play: async ({ canvasElement, args }) => {
    const card = within(within(canvasElement).getByRole('region', { name: t.title }));
    await expect(card.getByText(t.closedNone)).toBeVisible();
    await expect(card.queryByLabelText(t.metaTitleLabel)).toBeNull();
    const show = card.getByRole('button', { name: t.show });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    await expect(args.onOpen).toHaveBeenCalledOnce();
  },
};

/** Closed, with fields set: it names them. */
export const ClosedWithFields: Story = {
  args: {
    open: false,
    images: undefined,
    article: makeArticle({ metaTitle: 'Grow tomatoes on a balcony', canonicalUrl: 'https://garden.example.com/guides/tomatoes' }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.closedSet([t.fieldName.metaTitle, t.fieldName.canonicalUrl]))).toBeVisible();
  },
};
