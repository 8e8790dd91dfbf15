import { Box, Heading } from '@chakra-ui/react';
import { texts } from '../../lib/texts';

/** The `*` route shows only the text 'NotFound' (docs/product.md, 'Screens and routes'). */
export function NotFound() {
  return (
    <Box as="main" p="6">
      {/* The page's one heading (a plain-looking one: docs/product.md, 'Screens and routes', has only the text). */}
      <Heading as="h1" size="md" fontWeight="normal">
        {texts.notFound}
      </Heading>
    </Box>
  );
}
