import { createToaster, Portal, Stack, Toast, Toaster as ToastRegion } from '@chakra-ui/react';

/**
 * The console's toasts: `toaster.create({ title, action })` from anywhere, shown by <Toaster />.
 * Only the articles screens and the file manager render <Toaster /> (its recipe and state machine load with them, not
 * with the first screens). A toast made while none is mounted (the article page deletes, then
 * goes to the list) waits in the store and shows once the list's <Toaster /> mounts.
 */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4 });

export function Toaster() {
  return (
    <Portal>
      <ToastRegion toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {/* pre-line: a description may hold several lines (a bulk action's result). Full
                  opacity: the recipe's 0.8 is too faint to read on the error toast's red. */}
              {toast.description ? (
                <Toast.Description whiteSpace="pre-line" opacity="1">
                  {toast.description}
                </Toast.Description>
              ) : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ToastRegion>
    </Portal>
  );
}
