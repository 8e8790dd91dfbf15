/** MSW handlers for the account screen, sign-in options, sign-up and the first-sign-in password change. */
import { delay, http, HttpResponse } from 'msw';
import {
  serverMessages,
  type Account,
  type CreateAccountRequest,
  type AuthOptions,
  type CreateAccountResult,
  type CreateInvitationResult,
  type Invitation,
  type InvitationList,
  type LoginResult,
  type Role,
  type SessionInfo,
} from '../../src/contract';
import { sampleAccounts, sampleInvitations, sampleSessions } from '../fixtures';
import { errorResponse } from './errors';

/** Whether the accounts would have no admin left without `id`'s. */
const isLastAdmin = (accounts: Account[], id: string) =>
  accounts.some((a) => a.id === id && a.role === 'admin') && accounts.filter((a) => a.role === 'admin').length === 1;

export const accountHandlers = {
  /** GET /auth/options: what the sign-in page offers. */
  options: (options: Partial<AuthOptions> = {}) => [
    http.get('*/api/auth/options', () => HttpResponse.json<AuthOptions>({ invitations: false, oidcLoginUrl: null, ...options })),
  ],
  /** Signed in with a one-time password: everything but me, password and logout is refused. */
  mustChangePassword: (email = 'new.hire@example.com') => {
    let changed = false;
    return [
      http.get('*/api/auth/me', () => HttpResponse.json({ user: { id: 'u3', email, mustChangePassword: !changed } })),
      http.post('*/api/auth/password', async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        if (body.currentPassword !== 'one-time-password') {
          return errorResponse('current_password_wrong');
        }
        changed = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
    ];
  },
  /** The account screen's calls, over an in-memory state that the story's actions change. */
  api: ({
    sessions = sampleSessions,
    accounts = sampleAccounts,
    invitations = { enabled: true, data: sampleInvitations },
  }: { sessions?: SessionInfo[]; accounts?: Account[]; invitations?: InvitationList } = {}) => {
    let sessionList = [...sessions];
    let accountList = [...accounts];
    let invitationState = { enabled: invitations.enabled, data: [...invitations.data] };
    let next = 100;
    return [
      http.post('*/api/auth/password', async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        if (body.currentPassword !== 'correct horse battery staple') {
          return errorResponse('current_password_wrong');
        }
        sessionList = sessionList.filter((s) => s.current);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/auth/sessions', () => HttpResponse.json({ data: sessionList })),
      http.delete('*/api/auth/sessions/:id', ({ params }) => {
        const before = sessionList.length;
        sessionList = sessionList.filter((s) => s.id !== params.id);
        return sessionList.length < before
          ? new HttpResponse(null, { status: 204 })
          : errorResponse('not_found', serverMessages.sessionNotFound);
      }),
      http.get('*/api/users', () => HttpResponse.json({ data: accountList })),
      http.post('*/api/users', async ({ request }) => {
        // As the server: an admin unless the request names another role.
        const { email, role = 'admin' } = (await request.json()) as CreateAccountRequest;
        const address = email.trim().toLowerCase();
        if (accountList.some((a) => a.email === address)) return errorResponse('email_taken');
        const account: Account = {
          id: `u${next++}`,
          email: address,
          createdAt: new Date().toISOString(),
          mustChangePassword: true,
          role,
          current: false,
        };
        accountList = [...accountList, account];
        return HttpResponse.json<CreateAccountResult>({ data: account, password: 'Xq3v9_kT2mPz8LwR4nYc1A' }, { status: 201 });
      }),
      http.delete('*/api/users/:id', ({ params }) => {
        const account = accountList.find((a) => a.id === params.id);
        if (!account) return errorResponse('not_found', serverMessages.userNotFound);
        if (account.current) return errorResponse('cannot_remove_self');
        if (isLastAdmin(accountList, account.id)) return errorResponse('last_admin');
        accountList = accountList.filter((a) => a.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.patch('*/api/users/:id', async ({ params, request }) => {
        const account = accountList.find((a) => a.id === params.id);
        if (!account) return errorResponse('not_found', serverMessages.userNotFound);
        const { role } = (await request.json()) as { role: Role };
        if (role !== 'admin' && isLastAdmin(accountList, account.id)) return errorResponse('last_admin');
        const changed = { ...account, role };
        accountList = accountList.map((a) => (a.id === account.id ? changed : a));
        return HttpResponse.json({ data: changed });
      }),
      http.get('*/api/invitations', () => HttpResponse.json<InvitationList>(invitationState)),
      http.put('*/api/invitations/settings', async ({ request }) => {
        const { enabled } = (await request.json()) as { enabled: boolean };
        invitationState = { enabled, data: enabled ? invitationState.data : [] };
        return HttpResponse.json<InvitationList>(invitationState);
      }),
      http.post('*/api/invitations', async ({ request }) => {
        if (!invitationState.enabled) return errorResponse('invitations_disabled');
        // As the server: an admin's link unless the request names another role.
        const text = await request.text();
        const { role = 'admin' } = (text ? JSON.parse(text) : {}) as { role?: Role };
        const now = Date.now();
        const invitation: Invitation = {
          id: `i${next++}`,
          createdAt: new Date(now).toISOString(),
          expiresAt: new Date(now + 48 * 3600_000).toISOString(),
          createdBy: 'admin@example.com',
          role,
        };
        invitationState = { ...invitationState, data: [invitation, ...invitationState.data] };
        return HttpResponse.json<CreateInvitationResult>(
          { data: invitation, url: 'http://localhost:3000/signup?token=q8W4zT1nX5cB7vL2kP9mR3sD6fG0hJ1yU4iO8eA2tQw' },
          { status: 201 },
        );
      }),
      http.delete('*/api/invitations/:id', ({ params }) => {
        const before = invitationState.data.length;
        invitationState = { ...invitationState, data: invitationState.data.filter((i) => i.id !== params.id) };
        return invitationState.data.length < before
          ? new HttpResponse(null, { status: 204 })
          : errorResponse('not_found', serverMessages.invitationNotFound);
      }),
    ];
  },
  loading: () => [
    http.get('*/api/auth/sessions', () => delay('infinite')),
    http.get('*/api/users', () => delay('infinite')),
    http.get('*/api/invitations', () => delay('infinite')),
  ],
  /**
   * The database is down. `_storyMessage` is ignored (the message is the server's): it stays
   * only until the stories stop passing one.
   */
  failing: () => [
    http.get('*/api/auth/sessions', () => errorResponse('database_unavailable')),
    http.get('*/api/users', () => errorResponse('database_unavailable')),
    http.get('*/api/invitations', () => errorResponse('database_unavailable')),
  ],
  /** POST /auth/signup: a link that works, or one that was used or expired. */
  signup: (email = 'new.hire@example.com') => [
    http.post('*/api/auth/signup', () =>
      HttpResponse.json<LoginResult>({ accessToken: 'story-token', user: { email } }, { status: 201 }),
    ),
  ],
  signupInvalid: () => [
    http.post('*/api/auth/signup', () => errorResponse('invitation_invalid')),
  ],
};
