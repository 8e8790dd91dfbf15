import { Button, Card, Field, Heading, Input, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuCode, LuGlobe } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { ErrorNotice } from '../common/ErrorNotice';

export type NewArticleInput = { url: string } | { blogData: string; slug?: string };

export interface NewArticleFormProps {
  onSubmit: (input: NewArticleInput) => void;
  isSubmitting?: boolean;
  /** The server's message when scraping or creating failed. */
  error?: string | null;
}

/** /articles/new: scrape a page into a draft, or create a draft from HTML. */
export function NewArticleForm({ onSubmit, isSubmitting = false, error }: NewArticleFormProps) {
  const t = texts.newArticle;
  const [url, setUrl] = useState('');
  const [slug, setSlug] = useState('');
  const [html, setHtml] = useState('');

  const submit = (event: FormEvent, input: NewArticleInput) => {
    event.preventDefault();
    onSubmit(input);
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
              <form onSubmit={(e) => submit(e, { url: url.trim() })}>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>{t.urlLabel}</Field.Label>
                    <Input
                      type="url"
                      name="url"
                      placeholder="https://example.com/article"
                      value={url}
                      onChange={(e) => setUrl(e.target.value)}
                    />
                    <Field.HelperText color="fg.muted">{t.urlHint}</Field.HelperText>
                  </Field.Root>
                  <Button type="submit" colorPalette="blue" alignSelf="start" disabled={isSubmitting}>
                    {isSubmitting ? t.scraping : t.scrape}
                  </Button>
                </Stack>
              </form>
            </Tabs.Content>
            <Tabs.Content value="html">
              <form
                onSubmit={(e) =>
                  submit(e, slug.trim() ? { blogData: html, slug: slug.trim() } : { blogData: html })
                }
              >
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
                  <Button type="submit" colorPalette="blue" alignSelf="start" disabled={isSubmitting}>
                    {isSubmitting ? t.creating : t.create}
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
