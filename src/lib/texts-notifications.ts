/** The words of the bell (src/contract/notifications.ts). */
export const notificationTexts = {
  bell: (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications'),
  title: 'Notifications',
  none: 'Nothing yet: mentions, review requests and decisions, assignments and failed scheduled changes show here.',
  loading: 'Loading notifications…',
  failed: 'The notifications could not be loaded',
  markAllRead: 'Mark all read',
  unread: 'Unread',
  articleGone: 'The article was deleted',
};
