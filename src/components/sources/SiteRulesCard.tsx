import { useId, useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Card, Code, Field, Flex, Heading, Input, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import {
  isSiteRuleHost,
  SITE_RULE_MAX_SELECTOR_LENGTH,
  SITE_RULE_MAX_SELECTORS,
  siteRuleHost,
  siteRuleMessages,
} from '../../contract/siteRulesLimits';
import type { SiteRuleSet, SiteRulesInput, SiteRuleTrial } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { siteRuleTexts } from '../../lib/texts-site-rules';
import { ActionOutcomeText } from '../common/ActionOutcomeText';
import { Button } from '../common/Button';
import { ConfirmRemovalDialog } from '../common/ConfirmRemovalDialog';
import { ListStates } from '../common/ListStates';
import { messageOf } from '../common/messageOf';
import type { ActionOutcome } from '../common/useActionResult';
import { useConfirmedAction } from '../common/useConfirmedAction';

const t = siteRuleTexts;
const f = t.form;

export interface SiteRulesCardProps {
  /** GET /api/site-rules, by host. */
  rules: readonly SiteRuleSet[] | undefined;
  isLoading: boolean;
  /** Loading failed: the server's words. */
  error?: string | null;
  onRetry: () => void;
  /** Why the signed-in role may not set or remove rules ('Only an admin or an editor may …'); null when it may. */
  refused?: string | null;
  /** Sets a site's rules; rejects with the server's refusal (said under the form, the form kept). */
  onSave: (host: string, rules: SiteRulesInput) => Promise<unknown>;
  onDelete: (host: string) => Promise<unknown>;
  /** The page's article as the rules make it, nothing saved; rejects with the server's refusal. */
  onTry: (url: string, rules: SiteRulesInput) => Promise<SiteRuleTrial>;
}

interface Draft {
  host: string;
  drop: string;
  keep: string;
  title: string;
  page: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const rulesOf = (draft: Draft): SiteRulesInput => {
  const title = draft.title.trim();
  return { drop: lines(draft.drop), keep: lines(draft.keep), ...(title ? { title } : {}) };
};

/** The first selector the browser's own parser refuses (the server's uses the same grammar). */
function firstInvalid(selectors: readonly string[]): string | undefined {
  const fragment = document.createDocumentFragment();
  return selectors.find((selector) => {
    try {
      fragment.querySelector(selector);
      return false;
    } catch {
      return true;
    }
  });
}

/** What is wrong with a draft before it is saved or tried, field by field (as the server would say it). */
function problemsOf(draft: Draft, needsHost: boolean): Partial<Record<'host' | 'rules', string>> {
  const rules = rulesOf(draft);
  const all = [...(rules.drop ?? []), ...(rules.keep ?? []), ...(rules.title ? [rules.title] : [])];
  const invalid = firstInvalid(all);
  const ruleProblem = !all.length
    ? siteRuleMessages.empty
    : (rules.drop?.length ?? 0) > SITE_RULE_MAX_SELECTORS || (rules.keep?.length ?? 0) > SITE_RULE_MAX_SELECTORS
      ? siteRuleMessages.tooMany
      : all.some((selector) => selector.length > SITE_RULE_MAX_SELECTOR_LENGTH)
        ? siteRuleMessages.tooLong
        : invalid !== undefined
          ? siteRuleMessages.notASelector(invalid)
          : undefined;
  return {
    ...(needsHost && !draft.host.trim() ? { host: f.hostRequired } : needsHost && !isSiteRuleHost(draft.host) ? { host: siteRuleMessages.notAHost } : {}),
    ...(ruleProblem ? { rules: ruleProblem } : {}),
  };
}

/**
 * Rules per site on the Sources screen: each site's rules (what they drop, keep and read the
 * title from), an editor that tries them on a page of the site before they are saved (the
 * article's title, words, quality and text as they make it, and what each selector matched), and
 * their removal after a confirmation. A viewer or author reads them only.
 */
export function SiteRulesCard({ rules, isLoading, error, onRetry, refused, onSave, onDelete, onTry }: SiteRulesCardProps) {
  const titleId = useId();
  const [editing, setEditing] = useState<SiteRuleSet | 'new' | null>(null);
  const removing = useConfirmedAction<string>();
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  // The focus goes back to 'Add rules' once the editor closes (the button is back only then).
  const focusAdd = useRef(false);
  const addRef = (button: HTMLButtonElement | null) => {
    if (button && focusAdd.current) button.focus();
    focusAdd.current = false;
  };

  const remove = async () => {
    const host = removing.subject;
    if (host && (await removing.run(onDelete))) setOutcome({ text: t.removed(host), error: false });
  };

  return (
    <Card.Root as="section" aria-labelledby={titleId} bg="bg.card">
      <Card.Header>
        <Heading as="h2" size="md" id={titleId}>
          {t.title}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {t.intro}
        </Text>
        {refused && (
          <Text color="fg.muted" textStyle="sm">
            {t.manageRefused(refused)}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ListStates
            items={rules}
            isLoading={isLoading}
            loadingLabel={t.loading}
            error={error}
            errorTitle={t.loadFailed}
            onRetry={onRetry}
            inline
            empty={<Text color="fg.muted">{t.empty}</Text>}
          >
            {(items) => (
              <List.Root variant="plain" gap="3" aria-labelledby={titleId}>
                {items.map((set) => (
                  <List.Item key={set.host} aria-label={set.host} display="block" borderBottomWidth="1px" pb="3">
                    <Flex gap="3" align="start" justify="space-between" wrap="wrap">
                      <Box minW="0" flex="1">
                        <Text fontWeight="semibold" wordBreak="break-all">
                          {set.host}
                        </Text>
                        <Text textStyle="sm" wordBreak="break-word">
                          {t.summary(set)}
                        </Text>
                        <Text textStyle="xs" color="fg.muted">
                          {t.updated(formatDateTime(set.updatedAt), set.updatedBy)}
                        </Text>
                      </Box>
                      {!refused && (
                        <Flex gap="2">
                          <Button size="sm" variant="outline" aria-label={t.edit(set.host)} onClick={() => setEditing(set)}>
                            <LuPencil aria-hidden />
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            colorPalette="red"
                            aria-label={t.remove(set.host)}
                            onClick={() => removing.ask(set.host)}
                          >
                            <LuTrash2 aria-hidden />
                          </Button>
                        </Flex>
                      )}
                    </Flex>
                  </List.Item>
                ))}
              </List.Root>
            )}
          </ListStates>
          <ActionOutcomeText outcome={outcome} />
          {!refused &&
            (editing ? (
              <RulesEditor
                key={editing === 'new' ? 'new' : editing.host}
                existing={editing === 'new' ? null : editing}
                onSave={async (host, input) => {
                  await onSave(host, input);
                  setEditing(null);
                  setOutcome({ text: f.saved(siteRuleHost(host)), error: false });
                  focusAdd.current = true;
                }}
                onTry={onTry}
                onCancel={() => {
                  focusAdd.current = true;
                  setEditing(null);
                }}
              />
            ) : (
              <Box>
                <Button
                  ref={addRef}
                  variant="outline"
                  onClick={() => {
                    setOutcome(null);
                    setEditing('new');
                  }}
                >
                  <LuPlus aria-hidden /> {t.add}
                </Button>
              </Box>
            ))}
        </Stack>
      </Card.Body>
      <ConfirmRemovalDialog
        open={removing.subject !== null}
        texts={t.confirmRemove}
        body={removing.subject ? t.confirmRemove.body(removing.subject) : null}
        onCancel={removing.cancel}
        onConfirm={() => void remove()}
        isPending={removing.pending}
        error={removing.error}
      />
    </Card.Root>
  );
}

interface RulesEditorProps {
  /** The site's rules being changed; null: rules for a new site. */
  existing: SiteRuleSet | null;
  onSave: (host: string, rules: SiteRulesInput) => Promise<void>;
  onTry: (url: string, rules: SiteRulesInput) => Promise<SiteRuleTrial>;
  onCancel: () => void;
}

/** A site's rules as a form: the host (new rules only), the selectors a line each, a page to try them on. */
function RulesEditor({ existing, onSave, onTry, onCancel }: RulesEditorProps) {
  const formId = useId();
  const [draft, setDraft] = useState<Draft>({
    host: existing?.host ?? '',
    drop: existing?.drop.join('\n') ?? '',
    keep: existing?.keep.join('\n') ?? '',
    title: existing?.title ?? '',
    page: existing ? `https://${existing.host}/` : '',
  });
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState<'save' | 'try' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [trial, setTrial] = useState<{ result: SiteRuleTrial; rules: SiteRulesInput } | null>(null);
  const hostRef = useRef<HTMLInputElement>(null);
  const dropRef = useRef<HTMLTextAreaElement>(null);
  const pageRef = useRef<HTMLInputElement>(null);
  const [pageMissing, setPageMissing] = useState(false);
  const problems = tried ? problemsOf(draft, existing === null) : {};
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    if (field === 'page') setPageMissing(false);
    setDraft({ ...draft, [field]: event.target.value });
  };

  /** Whether the draft may be sent; else the focus goes to the first field to mend. */
  const ready = (forTrial: boolean) => {
    setTried(true);
    setRefusal(null);
    const found = problemsOf(draft, existing === null && !forTrial);
    if (found.host && !forTrial) {
      hostRef.current?.focus();
      return false;
    }
    if (found.rules) {
      dropRef.current?.focus();
      return false;
    }
    if (forTrial && !draft.page.trim()) {
      setPageMissing(true);
      pageRef.current?.focus();
      return false;
    }
    return true;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !ready(false)) return;
    setPending('save');
    try {
      await onSave(existing?.host ?? draft.host.trim(), rulesOf(draft));
    } catch (cause) {
      setRefusal(messageOf(cause));
      setPending(null);
    }
  };

  const tryIt = async () => {
    if (pending || !ready(true)) return;
    setPending('try');
    const rules = rulesOf(draft);
    try {
      setTrial({ result: await onTry(draft.page.trim(), rules), rules });
    } catch (cause) {
      setTrial(null);
      setRefusal(messageOf(cause));
    } finally {
      setPending(null);
    }
  };

  return (
    <Box borderWidth="1px" rounded="md" p="4">
      <form id={formId} onSubmit={(event) => void save(event)} noValidate aria-label={existing ? f.editTitle(existing.host) : f.newTitle}>
        <Stack gap="4">
          <Heading as="h3" size="sm">
            {existing ? f.editTitle(existing.host) : f.newTitle}
          </Heading>
          {existing === null && (
            <Field.Root required invalid={!!problems.host}>
              <Field.Label>{f.host}</Field.Label>
              <Input ref={hostRef} autoComplete="off" spellCheck={false} maxLength={253} value={draft.host} onChange={set('host')} placeholder="news.example.com" />
              {problems.host ? <Field.ErrorText color="status.down">{problems.host}</Field.ErrorText> : <Field.HelperText>{f.hostHint}</Field.HelperText>}
            </Field.Root>
          )}
          <Field.Root invalid={!!problems.rules}>
            <Field.Label>{f.drop}</Field.Label>
            <Textarea ref={dropRef} rows={3} fontFamily="mono" spellCheck={false} value={draft.drop} onChange={set('drop')} placeholder={'.newsletter-signup\naside.related'} />
            {problems.rules ? <Field.ErrorText color="status.down">{problems.rules}</Field.ErrorText> : <Field.HelperText>{f.dropHint}</Field.HelperText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>{f.keep}</Field.Label>
            <Textarea rows={2} fontFamily="mono" spellCheck={false} value={draft.keep} onChange={set('keep')} placeholder=".story-body" />
            <Field.HelperText>{f.keepHint}</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{f.title}</Field.Label>
            <Input fontFamily="mono" spellCheck={false} maxLength={SITE_RULE_MAX_SELECTOR_LENGTH} value={draft.title} onChange={set('title')} placeholder="h1.headline" />
            <Field.HelperText>{f.titleHint}</Field.HelperText>
          </Field.Root>
          <Field.Root invalid={pageMissing}>
            <Field.Label>{f.page}</Field.Label>
            <Flex gap="2" wrap="wrap" w="full">
              <Input ref={pageRef} type="url" inputMode="url" autoComplete="off" spellCheck={false} flex="1" minW="16rem" value={draft.page} onChange={set('page')} placeholder="https://news.example.com/2026/12/a-story" />
              <Button variant="outline" loading={pending === 'try'} loadingText={f.trying} onClick={() => void tryIt()}>
                {f.tryIt}
              </Button>
            </Flex>
            {pageMissing ? <Field.ErrorText color="status.down">{f.pageRequired}</Field.ErrorText> : <Field.HelperText>{f.pageHint}</Field.HelperText>}
          </Field.Root>
          {refusal && (
            <Text role="alert" textStyle="sm" color="status.down" fontWeight="medium">
              {refusal}
            </Text>
          )}
          <Box role="status" aria-live="polite">
            {trial && <TrialResult trial={trial.result} rules={trial.rules} />}
          </Box>
          <Flex gap="2">
            <Button type="submit" colorPalette="blue" loading={pending === 'save'} loadingText={f.saving}>
              {f.save}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              {f.cancel}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

/** A trial's article: its title, words and quality, what each selector matched, and its text. */
function TrialResult({ trial, rules }: { trial: SiteRuleTrial; rules: SiteRulesInput }) {
  const r = t.trial;
  const matches = [
    ...(rules.drop ?? []).map((selector, i) => ({ kind: f.drop, selector, n: trial.matched.drop[i] ?? 0 })),
    ...(rules.keep ?? []).map((selector, i) => ({ kind: f.keep, selector, n: trial.matched.keep[i] ?? 0 })),
  ];
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <Heading as="h4" size="xs">
        {r.title}
      </Heading>
      <Text fontWeight="semibold">{trial.title || r.noTitle}</Text>
      <Text textStyle="sm" color="fg.muted">
        {r.words(trial.words)} · {r.quality(trial.quality.score)}
      </Text>
      <List.Root variant="plain" gap="1" textStyle="sm">
        {matches.map(({ kind, selector, n }) => (
          <List.Item key={`${kind}:${selector}`} gap="2" alignItems="baseline">
            <Badge colorPalette={n === 0 ? 'orange' : 'gray'} variant="subtle">
              {kind}
            </Badge>
            <Code>{selector}</Code> {r.matched(n)}
          </List.Item>
        ))}
        {rules.title && trial.matched.title !== null && (
          <List.Item gap="2" alignItems="baseline">
            <Badge colorPalette={trial.matched.title ? 'gray' : 'orange'} variant="subtle">
              {f.title}
            </Badge>
            <Code>{rules.title}</Code> {trial.matched.title ? r.titleFound : r.titleMissed}
          </List.Item>
        )}
      </List.Root>
      <Box role="region" aria-label={r.textLabel} tabIndex={0} maxH="12rem" overflowY="auto" textStyle="sm" whiteSpace="pre-wrap" borderTopWidth="1px" pt="2">
        {trial.text}
      </Box>
    </Stack>
  );
}
