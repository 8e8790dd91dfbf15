/**
 * The words of the account's notification settings (src/contract/notifications.ts): a module of
 * their own, loaded with the account screen (the bell's words load with every signed-in screen).
 */
export const notificationSettingsTexts = {
  title: 'Notifications',
  intro: 'What the bell tells you of. Each is also a webhook event, whatever you choose here.',
  legend: 'Tell me when',
  loading: 'Loading your notification settings…',
  save: 'Save notification settings',
  saving: 'Saving…',
  saved: 'Saved',
};
