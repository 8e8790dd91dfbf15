import { Center } from '@chakra-ui/react';
import { ForgotPassword } from '../components/auth/ForgotPassword';
import { FullThemeProvider } from '../theme/FullThemeProvider';

export default function ForgotPasswordRoute() {
  return (
    <FullThemeProvider>
      <Center minH="100vh" p="4" bg="bg.canvas">
        <ForgotPassword />
      </Center>
    </FullThemeProvider>
  );
}
