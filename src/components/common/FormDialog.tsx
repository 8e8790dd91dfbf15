import type { FormEvent, ReactNode } from 'react';
import { Dialog, Stack } from '@chakra-ui/react';
import { Button } from './Button';
import { DialogShell, type DialogShellProps } from './DialogShell';
import { ErrorNotice } from './ErrorNotice';

export interface FormDialogProps extends Pick<DialogShellProps, 'open' | 'role' | 'size'> {
  title: string;
  /** The fields, or what confirming means. */
  children: ReactNode;
  /** Why the last submit failed, in the server's words: a line below the body, `bodyGap` apart. */
  error?: string | null;
  bodyGap?: '3' | '4';
  cancelLabel: string;
  submitLabel: string;
  /** Red for what cannot be taken back, blue otherwise. */
  submitPalette?: 'red' | 'blue';
  /** The submit is under way: its button waits, saying `pendingText`. */
  isPending?: boolean;
  pendingText?: string;
  submitDisabled?: boolean;
  /** Cancel, Escape and a click outside. */
  onCancel: () => void;
  onSubmit: () => void;
  /** The body's fields are a form: Enter in one submits (the submit button is the form's). Without, a plain button. */
  asForm?: boolean;
  /** With `asForm`: the browser's own field checks are left to the dialog's. */
  noValidate?: boolean;
  /** While pending the dialog cannot be dismissed: Cancel waits, Escape and a click outside do nothing. */
  holdWhilePending?: boolean;
  /** Instead of Cancel and submit (once done: a Close). */
  actions?: ReactNode;
}

/**
 * A dialog that asks, then acts: a title, its body (fields or a question), the failure's line,
 * Cancel and the action. Cancel comes first: a question without fields focuses it.
 */
export function FormDialog({
  open,
  role,
  size,
  title,
  children,
  error,
  bodyGap = '4',
  cancelLabel,
  submitLabel,
  submitPalette = 'blue',
  isPending = false,
  pendingText,
  submitDisabled,
  onCancel,
  onSubmit,
  asForm = false,
  noValidate,
  holdWhilePending = false,
  actions,
}: FormDialogProps) {
  const held = holdWhilePending && isPending;
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={bodyGap}>
          {children}
          <ErrorNotice message={error} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {actions ?? (
          <>
            <Button variant="outline" onClick={onCancel} disabled={held}>
              {cancelLabel}
            </Button>
            <Button
              type={asForm ? 'submit' : 'button'}
              colorPalette={submitPalette}
              onClick={asForm ? undefined : onSubmit}
              disabled={submitDisabled}
              loading={isPending}
              loadingText={pendingText}
            >
              {submitLabel}
            </Button>
          </>
        )}
      </Dialog.Footer>
    </>
  );
  return (
    <DialogShell open={open} onDismiss={onCancel} held={held} role={role} size={size}>
      {asForm ? (
        <form
          noValidate={noValidate}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {content}
        </form>
      ) : (
        content
      )}
    </DialogShell>
  );
}
