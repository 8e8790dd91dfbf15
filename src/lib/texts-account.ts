import { MIN_PASSWORD_LENGTH } from '../contract';

/** The account screen's texts, the first-sign-in password change, sign-up and password help. */
export const accountTexts = {
  title: 'Account',
  intro: 'Your role, your password and your sessions.',
  introAdmin: 'Your role, your password and your sessions; the accounts and their roles, and invitations.',
  nav: 'Account',
  /** The signed-in user's role ('Your role: Editor'), with what it is for below. */
  yourRole: (label: string) => `Your role: ${label}`,

  password: {
    title: 'Change password',
    firstTitle: 'Choose your password',
    firstIntro: 'You signed in with a one-time password. Choose your own before going on.',
    current: 'Current password',
    currentOneTime: 'One-time password',
    next: 'New password',
    confirm: 'Repeat new password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
    tooShort: `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
    mismatch: 'The two new passwords are not the same.',
    submit: 'Change password',
    submitting: 'Changing...',
    done: 'Password changed. Your other sessions were signed out.',
  },

  sessions: {
    title: 'Your sessions',
    intro: 'Where you are signed in. A session ends after 24 hours without use, or 7 days after sign-in.',
    current: 'This browser',
    unknownAgent: 'Unknown browser',
    signedIn: (when: string) => `Signed in ${when}`,
    lastSeen: (when: string) => `last used ${when}`,
    revoke: 'Sign out',
    revokeLabel: (agent: string) => `Sign out the session on ${agent}`,
    loading: 'Loading sessions...',
  },

  accounts: {
    title: 'Accounts',
    intro: 'Who can sign in, and what each may do. A new account gets a one-time password to change at first sign-in.',
    email: 'Email of the new account',
    role: 'Role of the new account',
    /** The role select of each account, for screen readers. */
    roleOf: (email: string) => `Role of ${email}`,
    add: 'Add account',
    adding: 'Adding...',
    you: 'You',
    pending: 'Password not yet changed',
    remove: 'Remove',
    removeLabel: (email: string) => `Remove ${email}`,
    confirmRemove: (email: string) => `Remove ${email}? Their sessions end at once.`,
    confirm: 'Remove',
    cancel: 'Cancel',
    created: (email: string) => `${email} was added. Give them this one-time password; it is shown only once.`,
    loading: 'Loading accounts...',
  },

  invitations: {
    title: 'Invitations',
    intro: 'When on, the sign-in page offers Sign up to people with an invitation link. Each link works once, for 48 hours.',
    toggle: 'Sign-up by invitation',
    role: 'Role of the invited account',
    create: 'Create invitation link',
    creating: 'Creating...',
    created: 'Send this link to the person you invite. It is shown only once and works once, for 48 hours.',
    none: 'No open invitation links.',
    expires: (when: string) => `Expires ${when}`,
    by: (email: string) => `created by ${email}`,
    revoke: 'Revoke',
    revokeLabel: (when: string) => `Revoke the link that expires ${when}`,
    off: 'Turn sign-up by invitation on to create links.',
    loading: 'Loading invitations...',
  },

  secret: {
    copy: 'Copy',
    copied: 'Copied',
    dismiss: 'Done',
  },

  forgot: {
    title: 'Forgot your password?',
    body: 'Passwords are not sent by email. Ask an admin to remove your account and add it again: you will get a one-time password.',
    operator: 'If no admin can sign in, whoever runs the server can set a one-time password with this command:',
    command: 'npm run admin -- reset-password you@example.com',
    back: 'Back to sign-in',
  },

  signup: {
    title: 'Sign up',
    intro: 'Create your account with your invitation link.',
    email: 'Email',
    password: 'Password',
    confirm: 'Repeat password',
    submit: 'Create account',
    submitting: 'Creating account...',
    noToken: 'Sign-up needs an invitation link. Ask an admin to send you one.',
    back: 'Back to sign-in',
  },
} as const;
