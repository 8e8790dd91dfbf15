import { useState } from 'react';
import { Checkbox, Field, Input } from '@chakra-ui/react';
import { MAX_REVISION_NAME_LENGTH, type RevisionPatch, type RevisionSummary } from '../../contract';
import { historyTexts as t } from '../../lib/texts-history';
import { FormDialog } from '../common/FormDialog';
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
    <FormDialog
      open={revision !== null}
      title={title}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      onCancel={onCancel}
      onSubmit={save}
      isPending={isPending}
      pendingText={t.saving}
      submitDisabled={tooLong}
      asForm
      holdWhilePending
      error={error}
    >
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
    </FormDialog>
  );
}
