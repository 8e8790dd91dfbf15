import { Checkbox, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { useState } from 'react';
import { LuRefreshCcw } from 'react-icons/lu';
import type { ApiError, ScrapeResult } from '../../contract';
import { texts } from '../../lib/texts';
import { FormDialog } from '../common/FormDialog';
import { messageOf } from '../common/messageOf';
import { refusable, RefusedTooltip } from '../common/RefusedTooltip';
import { ScrapeWarnings } from '../new-article/ScrapeWarnings';

export interface RescrapeActionProps {
  /** The article's source page: without one there is nothing to scrape again, and nothing shows. */
  scrapedUrl: string | null;
  isPublished: boolean;
  /** A published article is refused the way an edit is: the page explains and offers Convert to Draft. */
  onBlockedEdit: () => void;
  /** Scrapes the page again; resolves with the answer, rejects with the API's error. */
  onRescrape: (request: { replaceBlogData: boolean }) => Promise<ScrapeResult>;
  /** Why the signed-in role may not scrape this article again: Re-scrape is disabled with it as its tooltip. */
  refused?: string | null;
}

type Phase =
  | { kind: 'closed' }
  | { kind: 'confirm'; error?: string }
  | { kind: 'pending' }
  | { kind: 'done'; result: ScrapeResult };

const t = texts.scrape;

/**
 * 'Re-scrape' on the article detail screen: asks first (the raw text is replaced, the blog
 * HTML only when ticked), then reports what came back, warnings included.
 */
export function RescrapeAction({ scrapedUrl, isPublished, onBlockedEdit, onRescrape, refused }: RescrapeActionProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'closed' });
  const [replaceBlogData, setReplaceBlogData] = useState(false);
  if (!scrapedUrl) return null;

  const open = () => {
    if (isPublished) {
      onBlockedEdit();
      return;
    }
    setReplaceBlogData(false);
    setPhase({ kind: 'confirm' });
  };
  const close = () => setPhase((current) => (current.kind === 'pending' ? current : { kind: 'closed' }));

  const confirm = async () => {
    setPhase({ kind: 'pending' });
    try {
      setPhase({ kind: 'done', result: await onRescrape({ replaceBlogData }) });
    } catch (cause) {
      const error = (cause ?? {}) as Partial<ApiError>;
      // Published meanwhile (in another tab): the same refusal as an edit.
      if (error.code === 'article_published') {
        setPhase({ kind: 'closed' });
        onBlockedEdit();
        return;
      }
      setPhase({ kind: 'confirm', error: messageOf(cause) });
    }
  };

  const pending = phase.kind === 'pending';
  return (
    <>
      <RefusedTooltip reason={refused}>
        <Button variant="outline" {...refusable(refused, open)}>
          <LuRefreshCcw aria-hidden />
          {t.rescrape}
        </Button>
      </RefusedTooltip>
      <FormDialog
        open={phase.kind !== 'closed'}
        title={t.rescrapeTitle}
        cancelLabel={t.cancel}
        submitLabel={t.rescrape}
        onCancel={close}
        onSubmit={() => void confirm()}
        isPending={pending}
        pendingText={t.rescraping}
        holdWhilePending
        error={phase.kind === 'confirm' ? phase.error : null}
        bodyGap={phase.kind === 'done' ? '3' : '4'}
        actions={phase.kind === 'done' ? <Button onClick={close}>{t.close}</Button> : undefined}
      >
        {phase.kind === 'done' ? (
          <>
            <Text role="status" color="status.ok" fontWeight="medium">
              {t.rescraped}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t.images(phase.result.images.imported, phase.result.images.reused)}
            </Text>
            <ScrapeWarnings warnings={phase.result.warnings} />
          </>
        ) : (
          <>
            <Text>
              {t.rescrapeBody}{' '}
              <Text as="span" fontFamily="mono" wordBreak="break-all">
                {scrapedUrl}
              </Text>
            </Text>
            <Checkbox.Root
              checked={replaceBlogData}
              onCheckedChange={(details) => setReplaceBlogData(details.checked === true)}
              disabled={pending}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t.replaceBlogData}</Checkbox.Label>
            </Checkbox.Root>
          </>
        )}
      </FormDialog>
    </>
  );
}
