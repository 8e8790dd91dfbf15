import type { ReactNode } from 'react';
import { EmptyState, Heading, Stack, Text } from '@chakra-ui/react';

export interface StateNoticeProps {
  icon: ReactNode;
  title: string;
  body: string;
  role?: 'alert';
  indicatorColor?: string;
  /** An action below the line (Try Again, Clear search). */
  children?: ReactNode;
}

/** The frame of a list's states (empty, failed): an icon, a heading and a line below it, and maybe an action. */
export function StateNotice({ icon, title, body, role, indicatorColor, children }: StateNoticeProps) {
  return (
    <EmptyState.Root role={role}>
      <EmptyState.Content>
        <EmptyState.Indicator color={indicatorColor}>{icon}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text color="fg.muted">{body}</Text>
        </Stack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
