import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { forwardRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/client';
import { LinkComponentProvider, type LinkLikeProps } from '../components/common/AppLink';
import { system } from '../theme';

/** Internal links rendered by components go through react-router; external ones stay anchors. */
const RouterLink = forwardRef<HTMLAnchorElement, LinkLikeProps>(function RouterLink({ href, ...rest }, ref) {
  if (/^[a-z]+:/i.test(href) || rest.target === '_blank') return <a ref={ref} href={href} {...rest} />;
  return <Link ref={ref} to={href} {...rest} />;
});

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; a dropped connection may.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <LinkComponentProvider value={RouterLink}>{children}</LinkComponentProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
