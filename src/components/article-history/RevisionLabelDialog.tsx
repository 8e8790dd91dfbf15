import { useState, type FormEvent } from 'react';
import { Checkbox, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { MAX_REVISION_NAME_LENGTH, type RevisionPatch, type RevisionSummary } from '../../contract';
import { historyTexts as t } from '../../lib/texts-history';
import { ErrorNotice } from '../common/ErrorNotice';
import { useLastShown } from '../common/useLastShown';

export interface RevisionLabelDialogProps {
  /** The revision to name and pin; null: closed. */
  revision: RevisionSummary | null;
  isPending: boolean;
  error: string | null;
  onSave: (patch: Required<RevisionPatch>) => void;
  onCancel: () => void;
}

/** 'Name…': a revision's name (at most 100 characters; empty clears it) and whether it is pinned. */
export function RevisionLabelDialog(props: RevisionLabelDialogProps) {
  // While it closes (it fades out), the dialog keeps its name.
  const named = useLastShown(props.revision);
  // Keyed by the revision: each opening starts from its own name and pin.
  return <LabelDialog key={props.revision?.number ?? 'closed'} {...props} title={named ? t.labelTitle(named.number) : ''} />;
}

function LabelDialog({ revision, isPending, error, onSave, onCancel, title }: RevisionLabelDialogProps & { title: string }) {
  const [name, setName] = useState(revision?.name ?? '');
  const [pinned, setPinned] = useState(revision?.pinned ?? false);
  const tooLong = name.trim().length > MAX_REVISION_NAME_LENGTH;
  const save = () => {
    if (!tooLong) onSave({ name: name.trim() || null, pinned });
  };
  return (
    <Dialog.Root
      open={revision !== null}
      onOpenChange={(details) => {
        if (!details.open && !isPending) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                save();
              }}
            >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root invalid={tooLong}>
                  <Field.Label>{t.nameLabel}</Field.Label>
                  <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
                  {tooLong ? (
                    <Field.ErrorText color="status.down">{t.nameTooLong}</Field.ErrorText>
                  ) : (
                    <Field.HelperText color="fg.muted">{t.nameHint}</Field.HelperText>
                  )}
                </Field.Root>
                <Checkbox.Root checked={pinned} onCheckedChange={(details) => setPinned(details.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t.pinLabel}</Checkbox.Label>
                </Checkbox.Root>
                <ErrorNotice message={error} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={isPending}>
                {t.cancel}
              </Button>
              <Button type="submit" colorPalette="blue" disabled={tooLong} loading={isPending} loadingText={t.saving}>
                {t.save}
              </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
