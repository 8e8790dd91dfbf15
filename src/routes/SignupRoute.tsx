import { Center } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSignup } from '../api/account';
import { SignupForm } from '../components/auth/SignupForm';

export default function SignupRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signup = useSignup();
  return (
    <Center minH="100vh" p="4" bg="bg.canvas">
      <SignupForm
        token={params.get('token')}
        onSubmit={(request) => signup.mutate(request, { onSuccess: () => navigate('/', { replace: true }) })}
        isSubmitting={signup.isPending}
        error={signup.error?.message}
      />
    </Center>
  );
}
