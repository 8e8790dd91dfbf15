/** The signed-in user's password and sessions, the accounts and their roles, invitations, sign-in options. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, CreateAccountRequest, InvitationList, Role, SignupRequest } from '../contract';
import { api } from './client';
import { systemKeys } from './system';

export const accountKeys = {
  options: ['auth', 'options'] as const,
  sessions: ['auth', 'sessions'] as const,
  users: ['users'] as const,
  invitations: ['invitations'] as const,
};

export const authOptionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.options,
    queryFn: () => api('/auth/options', { schema: (s) => s.authOptionsSchema }),
    // The sign-in page works without them (no Sign up, no Google): do not keep it waiting.
    retry: 0,
    staleTime: 60_000,
  });

export function useAuthOptions() {
  return useQuery(authOptionsQuery());
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api('/auth/password', { method: 'POST', body }),
    onSuccess: async () => {
      // A one-time password is changed: the console opens up. Other sessions ended.
      await queryClient.invalidateQueries({ queryKey: systemKeys.me });
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupRequest) => api('/auth/signup', { method: 'POST', body, schema: (s) => s.loginResultSchema }),
    onSuccess: () => queryClient.removeQueries({ queryKey: systemKeys.me }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () => (await api('/auth/sessions', { schema: (s) => s.sessionListSchema })).data,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useAccounts() {
  return useQuery({
    queryKey: accountKeys.users,
    queryFn: async () => (await api('/users', { schema: (s) => s.accountListSchema })).data,
  });
}

export function useAddAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateAccountRequest) =>
      api('/users', { method: 'POST', body: request, schema: (s) => s.createAccountResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.users }),
  });
}

/**
 * PATCH /users/:id: an account's new role. Refused (409 `last_admin`) for the last admin: the list
 * is read again either way, so it shows what the server has. The signed-in user's own role
 * changes what the console offers them: `me` is read again too.
 */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role }, schema: (s) => s.updateAccountResultSchema }),
    onSettled: async (result) => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.users });
      if (result?.data.current) await queryClient.invalidateQueries({ queryKey: systemKeys.me });
    },
  });
}

export function useRemoveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.users }),
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: accountKeys.invitations,
    queryFn: () => api('/invitations', { schema: (s) => s.invitationListSchema }),
  });
}

export function useSetInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api('/invitations/settings', { method: 'PUT', body: { enabled }, schema: (s) => s.invitationListSchema }),
    onSuccess: (list: InvitationList) => {
      queryClient.setQueryData(accountKeys.invitations, list);
      void queryClient.invalidateQueries({ queryKey: accountKeys.options });
    },
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => api('/invitations', { method: 'POST', body: { role }, schema: (s) => s.createInvitationResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.invitations }),
  });
}
