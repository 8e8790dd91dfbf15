import { Button, Center, Spinner, Stack } from '@chakra-ui/react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { lazy, Suspense } from 'react';
import { useAccess, useLogout, useMe } from '../api/system';
import type { ErrorNoticeProps } from '../components/common/ErrorNotice';
import { AppShell } from '../components/shell/AppShell';
import { readSidebarCookie } from '../lib/sidebarCookie';
import { layoutTexts } from '../lib/texts-shell';
import { preloadComponent } from '../lib/preloadComponent';

/** Shown only when something failed: its chunk (Chakra's Alert) loads meanwhile, not before the screen. */
const ErrorNotice = preloadComponent<ErrorNoticeProps>(
  () => import('../components/common/ErrorNotice').then((module) => module.ErrorNotice),
  () => null,
);

/** Only after a sign-in with a one-time password: not in the chunk every other sign-in waits for. */
const PasswordChangeGate = lazy(() => import('./PasswordChangeGate'));

/** The signed-in layout: the session is checked once; a 401 sends the user to /login. */
export default function LayoutRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const access = useAccess();
  const logout = useLogout();

  // A 401 is already on its way to /login; any other failure (server down) is said, with a retry.
  if (me.isError && (me.error as { status?: number }).status !== 401) {
    return (
      <Center minH="100vh" p="4">
        <Stack gap="4" maxW="md">
          <ErrorNotice message={me.error.message} />
          <Button onClick={() => void me.refetch()}>{layoutTexts.tryAgain}</Button>
        </Stack>
      </Center>
    );
  }
  if (me.isPending || me.isError) {
    return (
      <Center minH="100vh">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  }
  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/login') });
  if (me.data.mustChangePassword) {
    return (
      <Suspense>
        <PasswordChangeGate email={me.data.email} onSignOut={signOut} />
      </Suspense>
    );
  }
  return (
    <AppShell
      activePath={location.pathname}
      defaultOpen={readSidebarCookie(document.cookie) ?? true}
      userEmail={me.data.email}
      access={access}
      onSignOut={signOut}
      colorModeToggle
    >
      <Outlet />
    </AppShell>
  );
}
