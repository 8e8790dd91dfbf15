import { useEffect } from 'react';
import { useBlocker } from '../app/useBlocker';

/**
 * While `unsaved`, leaving the page asks first: a link or back/forward inside the console is held
 * for the page's own dialog ('Leave without saving?'), and closing or reloading the tab gets the
 * browser's own question (a `beforeunload` listener, there only while something is unsaved, so
 * the page is not kept out of the back/forward cache otherwise). `onLeave` runs when the admin
 * chooses to leave, before the navigation goes on.
 */
export function useLeaveGuard(unsaved: boolean, onLeave: () => void) {
  const blocker = useBlocker(unsaved);

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chrome before 119 and older Safari ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return {
    open: blocker.state === 'blocked',
    onStay: () => blocker.reset?.(),
    onLeave: () => {
      onLeave();
      blocker.proceed?.();
    },
  };
}
