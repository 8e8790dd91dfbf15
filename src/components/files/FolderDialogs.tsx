import { useState } from 'react';
import { Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { folderNameSchema, ROOT_FOLDER, type Folder } from '../../contract';
import { folderTexts as t } from '../../lib/texts-files';
import { FormDialog } from '../common/FormDialog';
import { useLastShown } from '../common/useLastShown';
import { folderChoices, folderPathOf } from './folderTree';

/** What every folder dialog is told by its route: the save under way, and why the last one failed. */
interface Pending {
  isPending: boolean;
  /** Why the last attempt failed, in the server's words. */
  error: string | null;
  onCancel: () => void;
}

export interface FolderNameDialogProps extends Pending {
  /** `create` in `parent` (null: at the top), or `rename` of `folder`; null: closed. */
  target: { mode: 'create'; parent: Folder | null } | { mode: 'rename'; folder: Folder } | null;
  onSave: (name: string) => void;
}

/**
 * 'New folder' and 'Rename…': one name, checked as the server checks it (not empty, at most 100
 * characters, no slash) before it is sent; the server's refusal (a name taken there) below it.
 */
export function FolderNameDialog(props: FolderNameDialogProps) {
  const shown = useLastShown(props.target);
  const key = !props.target ? 'closed' : props.target.mode === 'create' ? `new:${props.target.parent?.id ?? ''}` : props.target.folder.id;
  return <NameForm key={key} {...props} shown={shown} />;
}

function NameForm({ target, shown, isPending, error, onSave, onCancel }: FolderNameDialogProps & { shown: FolderNameDialogProps['target'] }) {
  const initial = target?.mode === 'rename' ? target.folder.name : '';
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const checked = folderNameSchema.safeParse(name);
  const problem = checked.success ? null : checked.error.issues[0]!.message;
  const unchanged = target?.mode === 'rename' && checked.success && checked.data === target.folder.name;
  const title = !shown ? '' : shown.mode === 'create' ? t.createTitle(shown.parent?.name ?? null) : t.renameTitle(shown.folder.name);
  return (
    <FormDialog
      open={target !== null}
      title={title}
      cancelLabel={t.cancel}
      submitLabel={shown?.mode === 'rename' ? t.save : t.create}
      onCancel={onCancel}
      onSubmit={() => {
        setTouched(true);
        if (checked.success && !unchanged) onSave(checked.data);
      }}
      isPending={isPending}
      pendingText={t.saving}
      submitDisabled={unchanged}
      asForm
      noValidate
      holdWhilePending
      error={error}
    >
      <Field.Root invalid={touched && problem !== null}>
        <Field.Label>{t.name}</Field.Label>
        <Input value={name} onChange={(event) => setName(event.target.value)} onBlur={() => setTouched(name !== initial)} autoComplete="off" data-autofocus />
        {touched && problem ? <Field.ErrorText color="status.down">{problem}</Field.ErrorText> : <Field.HelperText>{t.nameHelp}</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
}

/** A native select of where something can go: the top of the library, then every folder in tree order. */
function PlaceSelect({ label, value, onChange, folders, exclude }: { label: string; value: string; onChange: (value: string) => void; folders: readonly Folder[]; exclude?: string }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value={ROOT_FOLDER}>{t.top}</option>
          {folderChoices(folders, exclude).map((choice) => (
            <option key={choice.folder.id} value={choice.folder.id}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export interface DeleteFolderDialogProps extends Pending {
  /** The folder to delete; null: closed. */
  folder: Folder | null;
  /** Every folder (where what it holds can go). */
  folders: readonly Folder[];
  /** `moveTo`: where what it holds goes (a folder's id or `root`); absent for an empty folder. */
  onDelete: (moveTo?: string) => void;
}

/**
 * 'Delete…' of a folder: an empty one is deleted once confirmed; one that holds files or folders
 * asks where they go (its own parent first), never into itself.
 */
export function DeleteFolderDialog(props: DeleteFolderDialogProps) {
  const shown = useLastShown(props.folder);
  return <DeleteForm key={props.folder?.id ?? 'closed'} {...props} shown={shown} />;
}

function DeleteForm({ folder, shown, folders, isPending, error, onDelete, onCancel }: DeleteFolderDialogProps & { shown: Folder | null }) {
  const [moveTo, setMoveTo] = useState(folder?.parentId ?? ROOT_FOLDER);
  const holds = shown ? shown.fileCount + shown.folderCount > 0 : false;
  return (
    <FormDialog
      open={folder !== null}
      role="alertdialog"
      title={shown ? t.deleteTitle(shown.name) : ''}
      cancelLabel={t.cancel}
      submitLabel={t.deleteConfirm}
      submitPalette="red"
      onCancel={onCancel}
      onSubmit={() => onDelete(holds ? moveTo : undefined)}
      isPending={isPending}
      pendingText={t.deleting}
      holdWhilePending
      error={error}
    >
      {shown && holds ? (
        <Stack gap="3">
          <Text>{t.deleteHolds(shown.fileCount, shown.folderCount)}</Text>
          <PlaceSelect label={t.moveWhatItHolds} value={moveTo} onChange={setMoveTo} folders={folders} exclude={shown.id} />
        </Stack>
      ) : (
        <Text>{t.deleteEmpty}</Text>
      )}
    </FormDialog>
  );
}

export interface MoveFilesDialogProps extends Pending {
  /** The files to move (one, or a selection); null: closed. */
  files: { ids: string[]; name?: string; folderId: string | null } | null;
  folders: readonly Folder[];
  onMove: (folderId: string | null) => void;
}

/** 'Move to…': the folder the files go in, or none; where they are now is chosen first. */
export function MoveFilesDialog(props: MoveFilesDialogProps) {
  const shown = useLastShown(props.files);
  return <MoveForm key={props.files ? props.files.ids.join() : 'closed'} {...props} shown={shown} />;
}

function MoveForm({ files, shown, folders, isPending, error, onMove, onCancel }: MoveFilesDialogProps & { shown: MoveFilesDialogProps['files'] }) {
  const [place, setPlace] = useState(files?.folderId ?? ROOT_FOLDER);
  const here = (files?.folderId ?? ROOT_FOLDER) === place;
  const path = folderPathOf(folders, place === ROOT_FOLDER ? null : place);
  return (
    <FormDialog
      open={files !== null}
      title={shown ? t.moveTitle(shown.ids.length, shown.name) : ''}
      cancelLabel={t.cancel}
      submitLabel={t.moveConfirm}
      onCancel={onCancel}
      onSubmit={() => onMove(place === ROOT_FOLDER ? null : place)}
      isPending={isPending}
      pendingText={t.moving}
      submitDisabled={here}
      asForm
      holdWhilePending
      error={error}
    >
      <PlaceSelect label={t.moveTo} value={place} onChange={setPlace} folders={folders} />
      <Text color="fg.muted" textStyle="sm">
        {[t.topShort, ...path.map((folder) => folder.name)].join(' › ')}
      </Text>
    </FormDialog>
  );
}
