import { Button, Card, Checkbox, Field, Heading, Input, Link, List, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuCode, LuGlobe } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';
import { ErrorNotice } from '../common/ErrorNotice';
import { ScrapeBatchProgress } from './ScrapeBatchProgress';
import { parseUrlList, type ParsedUrlList, type ScrapeItem } from './scrapeItems';
import { ScrapeSingleResult } from './ScrapeSingleResult';

export interface ScrapeRequestInput {
  /** Checked http(s) addresses, in the order typed, each once. */
  urls: string[];
  /** Scrape again pages already scraped. */
  force: boolean;
}

export interface HtmlArticleInput {
  blogData: string;
  slug?: string;
}

export interface NewArticleFormProps {
  onScrape: (input: ScrapeRequestInput) => void;
  onCreate: (input: HtmlArticleInput) => void;
  /** The addresses of the last scrape, each with what became of it. */
  scrapes?: ScrapeItem[];
  isScraping?: boolean;
  /** Stops the addresses still waiting. */
  onCancelScrapes?: () => void;
  isCreating?: boolean;
  /** The server's message when creating from HTML failed. */
  error?: string | null;
}

/** /articles/new: scrape one or more pages into drafts, or create a draft from HTML. */
export function NewArticleForm({
  onScrape,
  onCreate,
  scrapes = [],
  isScraping = false,
  onCancelScrapes = () => {},
  isCreating = false,
  error,
}: NewArticleFormProps) {
  const t = texts.newArticle;
  const [slug, setSlug] = useState('');
  const [html, setHtml] = useState('');

  const createFromHtml = (event: FormEvent) => {
    event.preventDefault();
    onCreate(slug.trim() ? { blogData: html, slug: slug.trim() } : { blogData: html });
  };

  return (
    <Card.Root bg="bg.card" maxW="3xl">
      <Card.Header>
        <Heading as="h1" size="lg">
          {t.title}
        </Heading>
        <Text color="fg.muted">{t.subtitle}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ErrorNotice message={error} />
          <Tabs.Root defaultValue="url" variant="enclosed">
            <Tabs.List>
              <Tabs.Trigger value="url">
                <LuGlobe aria-hidden /> {t.fromUrl}
              </Tabs.Trigger>
              <Tabs.Trigger value="html">
                <LuCode aria-hidden /> {t.fromHtml}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="url">
              <Stack gap="6">
                <UrlForm onScrape={onScrape} isScraping={isScraping} />
                {scrapes.length === 1 && <ScrapeSingleResult item={scrapes[0]!} />}
                {scrapes.length > 1 && <ScrapeBatchProgress items={scrapes} onCancel={onCancelScrapes} />}
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="html">
              <form onSubmit={createFromHtml}>
                <Stack gap="4">
                  <Field.Root>
                    <Field.Label>{t.slugLabel}</Field.Label>
                    <Input name="slug" value={slug} onChange={(e) => setSlug(e.target.value)} />
                    <Field.HelperText color="fg.muted">{texts.article.slugHint}</Field.HelperText>
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>{t.htmlLabel}</Field.Label>
                    <Textarea
                      name="blogData"
                      fontFamily="mono"
                      rows={10}
                      value={html}
                      onChange={(e) => setHtml(e.target.value)}
                    />
                  </Field.Root>
                  <Button type="submit" colorPalette="blue" alignSelf="start" disabled={isCreating}>
                    {isCreating ? t.creating : t.create}
                  </Button>
                </Stack>
              </form>
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The addresses, one per line: checked before anything is sent, duplicates scraped once. */
function UrlForm({ onScrape, isScraping }: { onScrape: (input: ScrapeRequestInput) => void; isScraping: boolean }) {
  const t = texts.newArticle;
  const [text, setText] = useState('');
  const [force, setForce] = useState(false);
  // Invalid lines are reported on submit, and cleared as soon as the list is edited.
  const [invalid, setInvalid] = useState<ParsedUrlList['invalid']>([]);
  const count = parseUrlList(text).urls.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button stays focusable while pages are scraped (aria-disabled): a second press does nothing.
    if (isScraping) return;
    const parsed = parseUrlList(text);
    setInvalid(parsed.invalid);
    if (parsed.invalid.length > 0 || parsed.urls.length === 0) return;
    onScrape({ urls: parsed.urls, force });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="4">
        <Field.Root required invalid={invalid.length > 0}>
          <Field.Label>{t.urlLabel}</Field.Label>
          <Textarea
            name="urls"
            rows={5}
            fontFamily="mono"
            placeholder={'https://example.com/article\nhttps://example.com/another-article'}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setInvalid([]);
            }}
            autoComplete="off"
            spellCheck={false}
          />
          <Field.HelperText color="fg.muted">{t.urlHint}</Field.HelperText>
          <Field.ErrorText display="block">
            {t.invalidLines}
            <List.Root ps="5" mt="1">
              {invalid.map(({ line, text: value }) => (
                <List.Item key={line} wordBreak="break-all">
                  {t.invalidLine(line, value)}
                </List.Item>
              ))}
            </List.Root>
          </Field.ErrorText>
        </Field.Root>
        <Checkbox.Root checked={force} onCheckedChange={(details) => setForce(details.checked === true)}>
          <Checkbox.HiddenInput name="force" />
          <Checkbox.Control />
          <Checkbox.Label>{t.force}</Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" colorPalette="blue" alignSelf="start" aria-disabled={isScraping || undefined}>
          {isScraping ? t.scraping : count > 1 ? t.scrapeMany(count) : t.scrape}
        </Button>
        <Text textStyle="sm" color="fg.muted">
          {t.followSource}
          <Link asChild variant="underline">
            <AppLink href="/sources">{t.followSourceLink}</AppLink>
          </Link>
          .
        </Text>
      </Stack>
    </form>
  );
}
