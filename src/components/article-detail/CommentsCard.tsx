import { useState } from 'react';
import { Badge, Box, Card, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import { useCheckedWrite } from './useCheckedWrite';
import { Button } from '../common/Button';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineError } from '../common/InlineError';
import { InlineLoading } from '../common/InlineLoading';
import { LockNotice } from '../article-editor/LockNotice';
import { COMMENT_MAX, commentProblem, type Comment } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { commentTexts as t } from '../../lib/texts-comments';

export interface CommentsCardProps {
  /** The article's comments, threads in order with their replies after them; undefined while they load. */
  comments: readonly Comment[] | undefined;
  /** Why they could not be read, in the server's words, or null. */
  loadError: string | null;
  onRetry: () => void;
  /** The signed-in account: its own comments may be deleted (and an admin's any). */
  currentUserId?: string;
  isAdmin?: boolean;
  /** Why the role may not comment (a viewer), or undefined when it may. */
  refused?: string;
  /** Posts a comment (a reply with `parentId`); rejects with the server's refusal. */
  onCreate: (request: { body: string; quote?: string; parentId?: string }) => Promise<void>;
  onResolve: (id: string, resolved: boolean) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}

type Kind = 'post' | `reply:${string}` | `resolve:${string}` | `delete:${string}`;

/**
 * The article page's Comments card: a new comment (on the article, or on a passage pasted from
 * it), then the threads: the passage each is about (or that it is detached from it), who said
 * what and when, replies, Resolve and Reopen, Delete (its author's or an admin's, confirmed). Every
 * refusal is said in the server's words, what was typed kept.
 */
export function CommentsCard({ comments, loadError, onRetry, currentUserId, isAdmin = false, refused, onCreate, onResolve, onDelete }: CommentsCardProps) {
  const [body, setBody] = useState('');
  const [quote, setQuote] = useState('');
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [reply, setReply] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const { pending, outcome, setOutcome, write } = useCheckedWrite<Kind>();
  const busy = pending !== null;
  const canComment = !refused;

  const post = () =>
    write(
      'post',
      commentProblem(body),
      async () => {
        await onCreate({ body, ...(quote.trim() ? { quote: quote.trim() } : {}) });
        setBody('');
        setQuote('');
      },
      t.posted,
    );
  const sendReply = (parentId: string) =>
    write(
      `reply:${parentId}`,
      commentProblem(reply),
      async () => {
        await onCreate({ body: reply, parentId });
        setReply('');
        setReplyTo(null);
      },
      t.posted,
    );

  const open = comments?.filter((c) => !c.parentId && !c.resolved).length ?? 0;

  const thread = (comment: Comment, isReply: boolean) => {
    const mine = !!currentUserId && comment.author?.id === currentUserId;
    const who = comment.author?.email ?? t.removedAccount;
    return (
      <Box
        key={comment.id}
        as="li"
        listStyleType="none"
        ms={isReply ? '6' : '0'}
        ps={isReply ? '4' : '0'}
        borderStartWidth={isReply ? '2px' : '0'}
        borderColor="border.emphasized"
      >
        <Stack gap="2" aria-label={isReply ? undefined : t.thread(who)} role={isReply ? undefined : 'group'}>
          {comment.anchor ? (
            comment.detached ? (
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette="orange">{t.detached}</Badge>
                <Text textStyle="sm" color="fg.muted" textDecoration="line-through">
                  “{comment.anchor.quote}”
                </Text>
              </HStack>
            ) : (
              <Box as="blockquote" borderStartWidth="3px" borderColor="blue.solid" ps="3">
                <Text textStyle="sm" color="fg.muted">
                  “{comment.anchor.quote}”
                </Text>
              </Box>
            )
          ) : null}
          <HStack gap="2" wrap="wrap">
            <Text textStyle="sm" fontWeight="semibold">
              {who}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
            </Text>
            {!isReply && comment.resolved ? <Badge colorPalette="green">{t.resolvedBy(comment.resolvedBy?.email ?? null)}</Badge> : null}
          </HStack>
          <Text textStyle="sm" whiteSpace="pre-wrap">
            {comment.body}
          </Text>
          {confirming === comment.id ? (
            <HStack gap="2" wrap="wrap" role="group" aria-label={t.confirmDelete}>
              <Text textStyle="sm">{t.confirmDelete}</Text>
              <Button
                size="xs"
                colorPalette="red"
                loading={pending === `delete:${comment.id}`}
                onClick={() => void write(`delete:${comment.id}`, null, () => onDelete(comment.id), t.deleted).then(() => setConfirming(null))}
              >
                {t.delete}
              </Button>
              <Button size="xs" variant="outline" onClick={() => setConfirming(null)}>
                {t.keep}
              </Button>
            </HStack>
          ) : canComment ? (
            <HStack gap="2" wrap="wrap">
              {!isReply ? (
                <Button size="xs" variant="outline" disabled={busy} onClick={() => setReplyTo(replyTo === comment.id ? null : comment.id)}>
                  {t.reply}
                </Button>
              ) : null}
              {!isReply ? (
                <Button
                  size="xs"
                  variant="outline"
                  disabled={busy}
                  loading={pending === `resolve:${comment.id}`}
                  onClick={() => void write(`resolve:${comment.id}`, null, () => onResolve(comment.id, !comment.resolved), comment.resolved ? t.reopen : t.resolvedBy(null))}
                >
                  {comment.resolved ? t.reopen : t.resolve}
                </Button>
              ) : null}
              {mine || isAdmin ? (
                <Button size="xs" variant="ghost" colorPalette="red" disabled={busy} onClick={() => setConfirming(comment.id)}>
                  {t.delete}
                </Button>
              ) : null}
            </HStack>
          ) : null}
          {replyTo === comment.id ? (
            <form
              aria-label={t.replyForm}
              onSubmit={(event) => {
                event.preventDefault();
                void sendReply(comment.id);
              }}
            >
              <Stack gap="2">
                <Field.Root>
                  <Field.Label>{t.replyLabel}</Field.Label>
                  <Textarea value={reply} onChange={(e) => setReply(e.target.value)} maxLength={COMMENT_MAX} rows={2} bg="bg.card" />
                </Field.Root>
                <HStack gap="2">
                  <Button type="submit" size="sm" loading={pending === `reply:${comment.id}`} loadingText={t.posting}>
                    {t.sendReply}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setReplyTo(null)}>
                    {t.cancel}
                  </Button>
                </HStack>
              </Stack>
            </form>
          ) : null}
        </Stack>
      </Box>
    );
  };

  const list = () => {
    if (loadError) return <InlineError title={t.failed} message={loadError} onRetry={onRetry} />;
    if (!comments) return <InlineLoading label={t.loading} />;
    if (!comments.length) return <Text textStyle="sm" color="fg.muted">{t.none}</Text>;
    return (
      <Stack as="ul" gap="5" ps="0" m="0">
        {comments.map((comment) => thread(comment, !!comment.parentId))}
      </Stack>
    );
  };

  return (
    <SectionCard title={t.title} subtitle={comments?.length ? `${t.subtitle} · ${t.open(open)}` : t.subtitle}>
      <Card.Body>
        <Stack gap="5">
          {refused ? (
            <LockNotice text={refused} />
          ) : (
            <form
              aria-label={t.composer}
              onSubmit={(event) => {
                event.preventDefault();
                void post();
              }}
            >
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>{t.bodyLabel}</Field.Label>
                  <Textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={COMMENT_MAX} rows={3} bg="bg.card" />
                  <Field.HelperText color="fg.muted">{t.bodyHelp}</Field.HelperText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t.quoteLabel}</Field.Label>
                  <Input value={quote} onChange={(e) => setQuote(e.target.value)} maxLength={1000} bg="bg.card" />
                  <Field.HelperText color="fg.muted">{t.quoteHelp}</Field.HelperText>
                </Field.Root>
                <HStack gap="3">
                  <Button type="submit" colorPalette="blue" loading={pending === 'post'} loadingText={t.posting} disabled={busy && pending !== 'post'}>
                    {t.post}
                  </Button>
                </HStack>
              </Stack>
            </form>
          )}
          {outcome && !outcome.ok ? <ErrorNotice message={outcome.message} onDismiss={() => setOutcome(null)} /> : null}
          <Text role="status" textStyle="sm" color="status.ok" fontWeight="medium">
            {outcome?.ok ? outcome.message : null}
          </Text>
          {list()}
        </Stack>
      </Card.Body>
    </SectionCard>
  );
}
