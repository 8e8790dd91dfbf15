import { Card, Code, Link, Stack, Text } from '@chakra-ui/react';
import { accountTexts } from '../../lib/texts-account';
import { AppLink } from '../common/AppLink';

const t = accountTexts.forgot;

/** What to do without a password: no e-mail reset, but another admin or the operator's command. */
export function ForgotPassword({ loginHref = '/login' }: { loginHref?: string }) {
  return (
    // The main landmark: a sign-in screen holds nothing but this card.
    <Card.Root as="main" width="full" maxW="md" bg="bg.card">
      <Card.Header>
        <Card.Title as="h1" fontSize="2xl">
          {t.title}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text>{t.body}</Text>
          <Text>{t.operator}</Text>
          <Code p="2" wordBreak="break-all">
            {t.command}
          </Code>
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Link asChild variant="underline">
          <AppLink href={loginHref}>{t.back}</AppLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}
