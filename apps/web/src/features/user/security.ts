import { routes, type TwoFactorEnabled, type TwoFactorSetup } from '@meridian/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../lib/query-keys';
import { api } from '../../lib/services';

/** Two-factor authentication's state: the security screen and every form that asks for the owner's proof read it. */
export const securityKeys = { twoFactor: () => [...userKeys.all, 'two_factor'] as const };

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: securityKeys.twoFactor(),
    // Quiet: a form that cannot read it still shows the password field, and the server says what it needs.
    queryFn: () => api.call(routes.twoFactorStatus, {}, { showErrorMessage: false }),
    staleTime: 0,
  });

const ACTION = { loading: true } as const;

export function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  return api.call(routes.twoFactorSetup, { password }, ACTION);
}

export function confirmTwoFactor(code: string): Promise<TwoFactorEnabled> {
  return api.call(routes.twoFactorEnable, { code: code.trim() }, ACTION);
}

export async function turnOffTwoFactor(code: string): Promise<void> {
  await api.call(routes.twoFactorDisable, { code: code.trim() }, ACTION);
}

/** Each step changes the state the forms read: reload it once the server has answered. */
function useSecurityMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() }),
  });
}

export const useStartTwoFactor = () => useSecurityMutation(startTwoFactor);
export const useConfirmTwoFactor = () => useSecurityMutation(confirmTwoFactor);
export const useTurnOffTwoFactor = () => useSecurityMutation(turnOffTwoFactor);
