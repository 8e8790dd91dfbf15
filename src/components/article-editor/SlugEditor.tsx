import { Badge, Box, Card, Field, HStack, Icon, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { LuCheck, LuCircleAlert } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { LockNotice } from './LockNotice';
import { blockedEditHandlers } from './blockedEdit';
import { canSaveSlug, canVerifySlug, isSlugChanged, type SlugCheckState } from './rules';

export interface SlugEditorProps {
  /** The slug as saved on the article (null when it has none yet). */
  savedSlug: string | null;
  /** The slug being edited. */
  value: string;
  onChange: (value: string) => void;
  isPublished: boolean;
  /** The latest availability check of `value`. */
  check: SlugCheckState;
  onVerify: () => void;
  onSave: () => void;
  /** Restores the saved slug. */
  onReset: () => void;
  isSaving: boolean;
  /** Called when someone tries to type into the slug of a published article. */
  onBlockedEdit: () => void;
  /** Why the signed-in role may not edit this article: the field is read-only and says so (no Convert to Draft offered). */
  refused?: string | null;
}

/** The 'Article Slug Editor' card: edit, verify availability, save or reset the slug. */
export function SlugEditor({
  savedSlug,
  value,
  onChange,
  isPublished,
  check,
  onVerify,
  onSave,
  onReset,
  isSaving,
  onBlockedEdit,
  refused,
}: SlugEditorProps) {
  const a = texts.article;
  const unsaved = isSlugChanged(value, savedSlug);
  // Read-only either way; only a published article offers Convert to Draft when typed into.
  const locked = isPublished || Boolean(refused);
  const canVerify = canVerifySlug({ value, isPublished: locked, checkStatus: check.status });
  const canSave = canSaveSlug({ value, savedSlug, isPublished: locked, checkStatus: check.status, isSaving });

  return (
    <Card.Root as="section" aria-label={a.slugEditor} bg="bg.card">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Card.Title as="h2">{a.slugEditor}</Card.Title>
          {unsaved && <Badge colorPalette="orange">{a.unsaved}</Badge>}
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <Field.Root readOnly={locked}>
          <Field.Label>{a.slugLabel}</Field.Label>
          <Box w="full" {...(isPublished && !refused ? blockedEditHandlers(onBlockedEdit) : {})}>
            <Input
              value={value}
              onChange={(event) => onChange(event.target.value)}
              fontFamily="mono"
              autoComplete="off"
              spellCheck={false}
            />
          </Box>
          <Field.HelperText color="fg.muted">{a.slugHint}</Field.HelperText>
        </Field.Root>

        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => onVerify()} disabled={!canVerify}>
            {a.verify}
          </Button>
          <Button onClick={() => onSave()} disabled={!canSave} loading={isSaving} loadingText={a.saving}>
            {a.save}
          </Button>
          <Button variant="ghost" onClick={() => onReset()} disabled={!unsaved || isSaving}>
            {a.reset}
          </Button>
        </HStack>

        {/* Announced as the check progresses, so a screen reader hears the outcome of Verify. */}
        <Box role="status" aria-live="polite">
          <SlugCheckMessage check={check} value={value} isPublished={locked} onChange={onChange} />
        </Box>

        {refused ? <LockNotice text={refused} /> : isPublished && <LockNotice />}
      </Card.Body>
    </Card.Root>
  );
}

function SlugCheckMessage({
  check,
  value,
  isPublished,
  onChange,
}: {
  check: SlugCheckState;
  value: string;
  isPublished: boolean;
  onChange: (value: string) => void;
}) {
  const a = texts.article;
  switch (check.status) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <HStack gap="2" color="fg.muted" textStyle="sm">
          <Spinner size="xs" />
          <Text>{a.checking}</Text>
        </HStack>
      );
    case 'available':
      return (
        <HStack gap="2" color="status.ok" textStyle="sm">
          <Icon aria-hidden>
            <LuCheck />
          </Icon>
          <Text>{check.message || a.slugAvailable}</Text>
        </HStack>
      );
    case 'error':
      return (
        <HStack gap="2" color="status.down" textStyle="sm">
          <Icon aria-hidden>
            <LuCircleAlert />
          </Icon>
          <Text>{a.slugCheckError}</Text>
        </HStack>
      );
    case 'unavailable': {
      const { suggestion } = check;
      return (
        <Stack gap="2" textStyle="sm">
          {check.message && <Text color="fg.muted">{check.message}</Text>}
          <HStack gap="2" color="status.down">
            <Icon aria-hidden>
              <LuCircleAlert />
            </Icon>
            <Text>{a.slugCannotSave}</Text>
          </HStack>
          {suggestion && suggestion !== value && (
            <HStack gap="2" wrap="wrap">
              <Text>{a.suggestion(suggestion)}</Text>
              <Button
                size="xs"
                variant="outline"
                disabled={isPublished}
                onClick={() => onChange(suggestion)}
              >
                {a.useThis}
              </Button>
            </HStack>
          )}
        </Stack>
      );
    }
  }
}
