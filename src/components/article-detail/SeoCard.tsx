import { useEffect, useRef, useState } from 'react';
import { Box, Card, Field, Grid, HStack, Image, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { SaveRow } from './SaveRow';
import { SectionCard } from './SectionCard';
import { Button } from '../common/Button';
import { ErrorNotice } from '../common/ErrorNotice';
import { LockNotice } from '../article-editor/LockNotice';
import { cutText, SEO_ADVISED, seoProblem, seoValue, type Article, type SeoField, type SeoPatch } from '../../contract';
import { seoTexts as t } from '../../lib/texts-seo';
import { useCheckedWrite } from './useCheckedWrite';

/** An image of the file library the social image may be. */
export interface SeoImage {
  id: string;
  name: string;
  /** Its picture, small where the library has one. */
  src: string;
  /** The file's alt text ('' when it has none): the social card carries it. */
  alt: string;
}

export type SeoArticle = Pick<
  Article,
  'title' | 'scrappedData' | 'scrapedUrl' | 'newUrl' | 'metaTitle' | 'metaDescription' | 'canonicalUrl' | 'socialImageId'
>;

export interface SeoCardProps {
  article: SeoArticle;
  /** The library's images (undefined while they load, null when they could not be read). */
  images: SeoImage[] | undefined | null;
  /** The library holds more images than `images` (the newest are offered): one chosen before may be among the others. */
  moreImages?: boolean;
  /** Sends the changed fields (PATCH `{ seo }`); resolves once saved, rejects with the API's error. */
  onSave: (seo: SeoPatch) => Promise<unknown>;
  /** Why the fields cannot be changed (a published article, the role): shown read-only with why. */
  refused?: string | null;
  /**
   * Closed: the card says which fields are set, with a button that opens it (`onOpen`); the
   * article page opens it on demand, so the library's images are read only then. Open by default.
   */
  open?: boolean;
  onOpen?: () => void;
  /** The first field takes the focus when the card shows (opened by its button, which is gone). */
  focusFirst?: boolean;
}

const FIELDS: SeoField[] = ['metaTitle', 'metaDescription', 'canonicalUrl', 'socialImageId'];

/** 'garden.example.com › guides › tomatoes', as a search result writes an address. */
function breadcrumb(address: string | null): string {
  if (!address) return t.noAddress;
  try {
    const url = new URL(address);
    return [url.host, ...url.pathname.split('/').filter(Boolean)].join(' › ');
  } catch {
    return address;
  }
}

const hostOf = (address: string | null) => {
  try {
    return address ? new URL(address).host : t.noAddress;
  } catch {
    return address ?? t.noAddress;
  }
};

/** The text cut where a preview cuts it, with an ellipsis. */
const shown = (text: string, max: number) => {
  const cut = cutText(text.replace(/\s+/g, ' ').trim(), max);
  return cut.cut ? `${cut.text.trimEnd()}…` : cut.text;
};

/**
 * The article page's SEO and social card: the meta title and description with their lengths
 * beside what a search result shows, the canonical address (Use the source address fills in the
 * scraped one), the social image chosen among the library's images; and, as they are typed, the
 * search result and the shared link they make (an empty field falls back to the title and the
 * start of the raw text, as the site's pages would). Save sends the changed fields, checked first
 * as the server checks them (`seoProblem`); a refusal is said in the server's words with every
 * field left as typed.
 */
export function SeoCard({ article, images, moreImages = false, onSave, refused, open = true, onOpen, focusFirst = false }: SeoCardProps) {
  const firstField = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Read-only, its fields take no focus: the heading does. Once per opening: a lock that comes
  // or goes later (published meanwhile, another editor's lease) leaves the focus where it is.
  const lockedOnOpen = !!refused;
  const focused = useRef(false);
  useEffect(() => {
    if (!open || !focusFirst || focused.current) return;
    focused.current = true;
    (lockedOnOpen ? heading.current : firstField.current)?.focus();
  }, [open, focusFirst, lockedOnOpen]);
  const [edits, setEdits] = useState<SeoPatch>({});
  const { pending, outcome, setOutcome, write } = useCheckedWrite<'save'>();
  const saving = pending !== null;

  const saved = (field: SeoField) => article[field] ?? null;
  const value = (field: SeoField) => edits[field] ?? saved(field) ?? '';
  const changes: SeoPatch = Object.fromEntries(
    FIELDS.filter((field) => edits[field] !== undefined && seoValue(edits[field]) !== saved(field)).map((field) => [field, edits[field]]),
  );
  const dirty = Object.keys(changes).length > 0;
  const edit = (field: SeoField) => (next: string) => {
    setEdits((current) => ({ ...current, [field]: next }));
    setOutcome(null);
  };

  const save = () =>
    write(
      'save',
      seoProblem(changes),
      async () => {
        await onSave(changes);
        // The saved values show as saved; anything typed meanwhile stays.
        setEdits((current) => Object.fromEntries(Object.entries(current).filter(([field, typed]) => changes[field as SeoField] !== typed)));
      },
      t.saved,
    );

  const title = value('metaTitle').trim() || article.title || '';
  const description = value('metaDescription').trim() || article.scrappedData;
  const address = value('canonicalUrl').trim() || article.newUrl || article.scrapedUrl;
  const imageId = value('socialImageId');
  const image = images?.find((candidate) => candidate.id === imageId);
  const locked = !!refused;
  const setFields = FIELDS.filter((field) => saved(field) !== null);

  const counted = (field: 'metaTitle' | 'metaDescription') => {
    const n = value(field).trim().length;
    const advised = SEO_ADVISED[field];
    return (
      <Field.HelperText color={n > advised ? 'status.warn' : 'fg.muted'}>
        {t.count(n, advised)}
        {n > advised ? ` ${t.overAdvised(advised)}` : ''}
      </Field.HelperText>
    );
  };

  return (
    <SectionCard title={t.title} subtitle={t.subtitle} headingRef={heading} headingFocusable={focusFirst && lockedOnOpen}>
      {open ? (
        <Card.Body>
          <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
            <form
              aria-label={t.title}
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <Stack gap="4">
                {locked ? <LockNotice text={refused} /> : null}
                <Field.Root disabled={locked || saving}>
                  <Field.Label>{t.metaTitleLabel}</Field.Label>
                  <Input ref={firstField} value={value('metaTitle')} placeholder={article.title ?? ''} onChange={(e) => edit('metaTitle')(e.target.value)} />
                  {counted('metaTitle')}
                </Field.Root>
                <Field.Root disabled={locked || saving}>
                  <Field.Label>{t.metaDescriptionLabel}</Field.Label>
                  <Textarea
                    rows={3}
                    value={value('metaDescription')}
                    onChange={(e) => edit('metaDescription')(e.target.value)}
                  />
                  {counted('metaDescription')}
                </Field.Root>
                <Field.Root disabled={locked || saving}>
                  <Field.Label>{t.canonicalLabel}</Field.Label>
                  <Input
                    type="url"
                    inputMode="url"
                    value={value('canonicalUrl')}
                    onChange={(e) => edit('canonicalUrl')(e.target.value)}
                  />
                  <Field.HelperText color="fg.muted">{t.canonicalHint}</Field.HelperText>
                </Field.Root>
                {article.scrapedUrl && !locked ? (
                  <HStack>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={saving || value('canonicalUrl') === article.scrapedUrl}
                      onClick={() => edit('canonicalUrl')(article.scrapedUrl!)}
                    >
                      {t.useSource}
                    </Button>
                  </HStack>
                ) : null}
                <Field.Root disabled={locked || saving || !images?.length}>
                  <Field.Label>{t.socialImageLabel}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field bg="bg.card" value={imageId} onChange={(e) => edit('socialImageId')(e.target.value)}>
                      <option value="">{t.socialImageNone}</option>
                      {imageId && images && !image ? <option value={imageId}>{t.chosenImage}</option> : null}
                      {images?.map((candidate) => (
                        <option key={candidate.id} value={candidate.id}>
                          {candidate.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {images === null ? (
                    <Field.HelperText color="status.down">{t.imagesFailed}</Field.HelperText>
                  ) : images && !images.length ? (
                    <Field.HelperText color="fg.muted">{t.noImages}</Field.HelperText>
                  ) : imageId && images && !image && !moreImages ? (
                    <Field.HelperText color="status.warn">{t.socialImageMissing}</Field.HelperText>
                  ) : image ? (
                    <Field.HelperText color={image.alt ? 'fg.muted' : 'status.warn'}>{image.alt ? t.socialImageAlt(image.alt) : t.socialImageNoAlt}</Field.HelperText>
                  ) : null}
                </Field.Root>
                {outcome && !outcome.ok ? <ErrorNotice message={outcome.message} onDismiss={() => setOutcome(null)} /> : null}
                {locked ? null : <SaveRow label={t.save} loadingText={t.saving} disabled={!dirty} loading={saving} outcome={outcome} />}
              </Stack>
            </form>
            <Stack gap="5">
              <Stack gap="2" as="figure" aria-label={t.searchPreview}>
                <Text as="figcaption" textStyle="sm" fontWeight="medium" color="fg.muted">
                  {t.searchPreview}
                </Text>
                <Box borderWidth="1px" borderRadius="md" p="4" bg="bg">
                  <Text textStyle="xs" color="fg.muted" truncate>
                    {breadcrumb(address)}
                  </Text>
                  <Text textStyle="lg" color="blue.fg" lineClamp={1}>
                    {shown(title, SEO_ADVISED.metaTitle)}
                  </Text>
                  <Text textStyle="sm" color="fg.muted" lineClamp={2}>
                    {shown(description, SEO_ADVISED.metaDescription)}
                  </Text>
                </Box>
              </Stack>
              <Stack gap="2" as="figure" aria-label={t.socialPreview}>
                <Text as="figcaption" textStyle="sm" fontWeight="medium" color="fg.muted">
                  {t.socialPreview}
                </Text>
                <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg" maxW="md">
                  {image ? (
                    <Image src={image.src} alt={image.alt} aspectRatio={1.91} objectFit="cover" w="full" />
                  ) : (
                    <Box aspectRatio={1.91} bg="bg.muted" display="flex" alignItems="center" justifyContent="center">
                      <Text textStyle="sm" color="fg.muted">
                        {t.socialImageNone}
                      </Text>
                    </Box>
                  )}
                  <Stack gap="1" p="3">
                    <Text textStyle="xs" color="fg.muted" textTransform="uppercase">
                      {hostOf(address)}
                    </Text>
                    <Text fontWeight="semibold" lineClamp={2}>
                      {shown(title, SEO_ADVISED.metaTitle)}
                    </Text>
                    <Text textStyle="sm" color="fg.muted" lineClamp={2}>
                      {shown(description, SEO_ADVISED.metaDescription)}
                    </Text>
                  </Stack>
                </Box>
              </Stack>
            </Stack>
          </Grid>
        </Card.Body>
      ) : (
        <Card.Body>
          <HStack justify="space-between" gap="4" wrap="wrap">
            <Text textStyle="sm">{setFields.length ? t.closedSet(setFields.map((field) => t.fieldName[field])) : t.closedNone}</Text>
            <Button variant="outline" size="sm" aria-expanded={false} onClick={onOpen}>
              {t.show}
            </Button>
          </HStack>
        </Card.Body>
      )}
    </SectionCard>
  );
}
