import { Center } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthOptions } from '../api/account';
import { useLogin } from '../api/system';
import { LoginForm } from '../components/auth/LoginForm';

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  // Sign up and Google appear only when the server offers them.
  const options = useAuthOptions();
  return (
    <Center minH="100vh" p="4" bg="bg.canvas">
      <LoginForm
        onSubmit={(credentials) =>
          login.mutate(credentials, { onSuccess: () => navigate(safeNext(params.get('next')), { replace: true }) })
        }
        isSubmitting={login.isPending}
        error={login.error?.message ?? params.get('error')}
        googleHref={options.data?.oidcLoginUrl}
        signUpHref={options.data?.invitations ? '/signup' : null}
      />
    </Center>
  );
}
