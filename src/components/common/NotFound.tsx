import { Box, Text } from '@chakra-ui/react';
import { texts } from '../../lib/texts';

/** The `*` route shows only the text 'NotFound' (SPEC.md section 2). */
export function NotFound() {
  return (
    <Box as="main" p="6">
      <Text>{texts.notFound}</Text>
    </Box>
  );
}
