/** The signed-in admin's password and sessions, the accounts, invitations, sign-in options. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, InvitationList, SignupRequest } from '../contract';
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
    mutationFn: (email: string) =>
      api('/users', { method: 'POST', body: { email }, schema: (s) => s.createAccountResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.users }),
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
    mutationFn: () => api('/invitations', { method: 'POST', schema: (s) => s.createInvitationResultSchema }),
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
