import { useState } from 'react';
import { Card, Field, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { SaveRow } from './SaveRow';
import { SectionCard } from './SectionCard';
import { useCheckedWrite } from './useCheckedWrite';
import { AssignmentBadges } from '../assignment/AssignmentBadges';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineError } from '../common/InlineError';
import { LockNotice } from '../article-editor/LockNotice';
import { assignmentProblem, type AssignmentPatch, type Member } from '../../contract';
import { formatDay, localToday } from '../../lib/format';
import { assignmentTexts as t } from '../../lib/texts-assignment';

type Field = 'assigneeId' | 'dueAt' | 'plannedAt';
const FIELDS: readonly Field[] = ['assigneeId', 'dueAt', 'plannedAt'];

export interface AssignmentCardProps {
  article: { status: string; assigneeId?: string | null; assigneeEmail?: string | null; dueAt?: string | null; plannedAt?: string | null };
  /** The team (GET /members); undefined while it loads. */
  members: readonly Member[] | undefined;
  /** Why the team could not be read, in the server's words, or null. */
  membersError: string | null;
  onRetryMembers: () => void;
  /** The signed-in account's id: its name says '(you)'. */
  currentUserId?: string;
  /** Who may change the assignment, when the role may not (read-only then); undefined when it may. */
  refused?: string;
  /** Sends the changed fields; rejects with the server's refusal. */
  onSave: (patch: AssignmentPatch) => Promise<void>;
  /** Today as the reader counts it (`YYYY-MM-DD`); their zone's today by default. */
  today?: string;
}

/**
 * The article page's Assignment card: the assignee (the team's authors, editors and admins; a
 * viewer is never offered), the due day and the planned day, saved together (only what changed is
 * sent). Overdue says so in red. A role that may not change it reads it, with who may.
 */
export function AssignmentCard({ article, members, membersError, onRetryMembers, currentUserId, refused, onSave, today = localToday() }: AssignmentCardProps) {
  const [edits, setEdits] = useState<Partial<Record<Field, string>>>({});
  const { pending, outcome, setOutcome, write } = useCheckedWrite<'save'>();
  const saved = (field: Field) => article[field] ?? '';
  const value = (field: Field) => edits[field] ?? saved(field);
  const changed = FIELDS.filter((field) => value(field) !== saved(field));
  const patch: AssignmentPatch = Object.fromEntries(changed.map((field) => [field, value(field) || null]));
  const locked = !!refused;
  const saving = pending === 'save';
  const edit = (field: Field) => (next: string) => {
    setEdits((current) => ({ ...current, [field]: next }));
    setOutcome(null);
  };
  const save = () =>
    write(
      'save',
      assignmentProblem(patch),
      async () => {
        await onSave(patch);
        setEdits({});
      },
      t.saved,
    );
  const assignable = members?.filter((member) => member.role !== 'viewer');
  const name = (member: { id: string; email: string }) => (member.id === currentUserId ? t.you(member.email) : member.email);
  const assigneeId = value('assigneeId');

  const summary =
    article.assigneeEmail || article.dueAt || article.plannedAt ? (
      <HStack gap="3" wrap="wrap">
        <AssignmentBadges article={article} today={today} />
        {article.plannedAt ? (
          <Text textStyle="sm" color="fg.muted">
            {t.plannedFor(article.plannedAt)}
          </Text>
        ) : null}
      </HStack>
    ) : (
      <Text textStyle="sm" color="fg.muted">
        {t.none}
      </Text>
    );

  return (
    <SectionCard title={t.title} subtitle={t.subtitle}>
      <Card.Body>
        <Stack gap="4">
          {summary}
          {locked ? (
            <LockNotice text={refused} />
          ) : (
            <form
              aria-label={t.title}
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <Stack gap="4">
                <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr' }} gap="4">
                  <Field.Root disabled={saving || !members}>
                    <Field.Label>{t.assignee}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field bg="bg.card" value={assigneeId} onChange={(e) => edit('assigneeId')(e.target.value)}>
                        <option value="">{t.nobody}</option>
                        {/* The saved assignee even before the team is read (or if no longer in it). */}
                        {assigneeId && !assignable?.some((member) => member.id === assigneeId) ? (
                          <option value={assigneeId}>{article.assigneeId === assigneeId ? (article.assigneeEmail ?? assigneeId) : assigneeId}</option>
                        ) : null}
                        {assignable?.map((member) => (
                          <option key={member.id} value={member.id}>
                            {name(member)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {membersError ? null : !members ? <Field.HelperText color="fg.muted">{t.loadingMembers}</Field.HelperText> : null}
                  </Field.Root>
                  <Field.Root disabled={saving}>
                    <Field.Label>{t.due}</Field.Label>
                    <Input type="date" bg="bg.card" value={value('dueAt')} onChange={(e) => edit('dueAt')(e.target.value)} />
                    {value('dueAt') ? <Field.HelperText color="fg.muted">{formatDay(value('dueAt'))}</Field.HelperText> : null}
                  </Field.Root>
                  <Field.Root disabled={saving}>
                    <Field.Label>{t.planned}</Field.Label>
                    <Input type="date" bg="bg.card" value={value('plannedAt')} onChange={(e) => edit('plannedAt')(e.target.value)} />
                    <Field.HelperText color="fg.muted">{t.plannedHelp}</Field.HelperText>
                  </Field.Root>
                </Grid>
                {membersError ? <InlineError title={t.membersFailed} message={membersError} onRetry={onRetryMembers} /> : null}
                {outcome && !outcome.ok ? <ErrorNotice message={outcome.message} onDismiss={() => setOutcome(null)} /> : null}
                <SaveRow label={t.save} loadingText={t.saving} disabled={!changed.length} loading={saving} outcome={outcome} />
              </Stack>
            </form>
          )}
        </Stack>
      </Card.Body>
    </SectionCard>
  );
}
