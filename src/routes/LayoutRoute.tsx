import { Center, Spinner } from '@chakra-ui/react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogout, useMe } from '../api/system';
import { AppShell } from '../components/shell/AppShell';
import { readSidebarCookie } from '../lib/sidebarCookie';

/** The signed-in layout: the session is checked once; a 401 sends the admin to /login. */
export default function LayoutRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const logout = useLogout();

  if (me.isPending || me.isError) {
    return (
      <Center minH="100vh">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  }
  return (
    <AppShell
      activePath={location.pathname}
      defaultOpen={readSidebarCookie(document.cookie) ?? true}
      userEmail={me.data.email}
      onSignOut={() => logout.mutate(undefined, { onSettled: () => navigate('/login') })}
    >
      <Outlet />
    </AppShell>
  );
}
