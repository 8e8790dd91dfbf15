import { useEffect, useId, useRef, useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
// Feather's bell (Lucide's ancestor, drawn alike): the Lucide set loads with the first screen, whose budget is spent.
import { FiBell } from 'react-icons/fi';
import type { Notification } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { notificationTexts as t } from '../../lib/texts-notifications';

export interface NotificationBellProps {
  /** The newest notifications; undefined while they load. */
  notifications: readonly Notification[] | undefined;
  unread: number;
  /** Why they could not be read, in the server's words, or null. */
  loadError: string | null;
  /** A notification chosen: it is marked read and its article opened (when it still exists). */
  onOpen: (notification: Notification) => void;
  onMarkAllRead: () => void;
}

/**
 * The top bar's bell: the unread count on it, and a panel of the newest notifications (unread
 * ones marked), each a button that opens its article; 'Mark all read'. A disclosure: the bell
 * says whether the panel is open, Tab goes on into it, Escape or a click elsewhere closes it.
 */
export function NotificationBell({ notifications, unread, loadError, onOpen, onMarkAllRead }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <Box ref={root} position="relative" onKeyDown={(event) => (event.key === 'Escape' && open ? close() : undefined)}>
      <IconButton ref={trigger} aria-label={t.bell(unread)} aria-expanded={open} aria-controls={panelId} variant="ghost" size="sm" onClick={() => setOpen(!open)}>
        <FiBell aria-hidden focusable="false" />
        {unread ? (
          <Badge position="absolute" top="-1" insetEnd="-1" size="xs" colorPalette="red" variant="solid" borderRadius="full" aria-hidden>
            {unread > 99 ? '99+' : unread}
          </Badge>
        ) : null}
      </IconButton>
      {open ? (
        <Box
          id={panelId}
          role="region"
          aria-label={t.title}
          position="absolute"
          top="100%"
          insetEnd="0"
          mt="2"
          w="22rem"
          maxW="calc(100vw - 1.5rem)"
          maxH="28rem"
          overflowY="auto"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="lg"
          zIndex="popover"
          p="2"
        >
          <HStack justify="space-between" px="2" py="1">
            <Text textStyle="sm" fontWeight="semibold">
              {t.title}
            </Text>
            {unread ? (
              <Button size="xs" variant="ghost" onClick={onMarkAllRead}>
                {t.markAllRead}
              </Button>
            ) : null}
          </HStack>
          {loadError || !notifications?.length ? (
            <Text px="2" py="1.5" textStyle="sm" color={loadError ? 'status.down' : 'fg.muted'}>
              {loadError ? `${t.failed}: ${loadError}` : notifications ? t.none : t.loading}
            </Text>
          ) : (
            <Stack as="ul" gap="0.5" m="0" p="0" listStyleType="none">
              {notifications.map((notification) => (
                <li key={notification.id}>
                  <Button
                    variant="ghost"
                    w="full"
                    h="auto"
                    py="2"
                    px="2"
                    justifyContent="flex-start"
                    alignItems="start"
                    textAlign="start"
                    fontWeight="normal"
                    onClick={() => {
                      setOpen(false);
                      onOpen(notification);
                    }}
                  >
                    <Box w="2" h="2" mt="1.5" flexShrink={0} borderRadius="full" bg={notification.read ? 'transparent' : 'blue.solid'} aria-hidden />
                    <Stack gap="0.5" minW="0">
                      <Text textStyle="sm" fontWeight={notification.read ? 'normal' : 'semibold'} whiteSpace="normal">
                        {notification.read ? null : <Box as="span" srOnly>{`${t.unread}: `}</Box>}
                        {notification.message}
                      </Text>
                      <Text textStyle="xs" color="fg.muted">
                        <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
                        {notification.articleId ? null : ` · ${t.articleGone}`}
                      </Text>
                    </Stack>
                  </Button>
                </li>
              ))}
            </Stack>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
