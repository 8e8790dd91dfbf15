import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { SessionInfo } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { accountTexts } from '../../lib/texts-account';
import { ErrorNotice } from '../common/ErrorNotice';
import { AccountSection } from './AccountSection';
import { Loading } from './Loading';

const t = accountTexts.sessions;

export interface SessionsCardProps {
  sessions?: SessionInfo[];
  loading?: boolean;
  /** Loading or signing out failed. */
  error?: string | null;
  onRevoke: (id: string) => void;
  /** The session being signed out. */
  revokingId?: string | null;
}

/** A short name for a browser from its user agent ("Chrome on Linux"), or the agent itself. */
export function describeAgent(agent: string | null): string {
  if (!agent) return t.unknownAgent;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? agent.slice(0, 60);
}

/** The signed-in admin's sessions, each with Sign out (the current one signs this browser out). */
export function SessionsCard({ sessions, loading = false, error, onRevoke, revokingId }: SessionsCardProps) {
  return (
    <AccountSection title={t.title} intro={t.intro}>
          <ErrorNotice message={error} />
          {loading ? (
            <Loading label={t.loading} />
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
              {(sessions ?? []).map((session) => {
                const agent = describeAgent(session.userAgent);
                return (
                  <Flex as="li" key={session.id} gap="3" align="center" wrap="wrap">
                    <Stack gap="0" flex="1" minW="12rem">
                      <Flex gap="2" align="center">
                        <Text fontWeight="medium">{agent}</Text>
                        {session.current && <Badge colorPalette="green">{t.current}</Badge>}
                      </Flex>
                      <Text fontSize="sm" color="fg.muted">
                        {t.signedIn(formatDateTime(session.createdAt))}, {t.lastSeen(formatDateTime(session.lastSeenAt))}
                      </Text>
                    </Stack>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t.revokeLabel(agent)}
                      disabled={revokingId === session.id}
                      onClick={() => onRevoke(session.id)}
                    >
                      {t.revoke}
                    </Button>
                  </Flex>
                );
              })}
            </Stack>
          )}
    </AccountSection>
  );
}
