import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshBalance } from '../../lib/auth-actions';
import {
  type BindMethodPayload,
  bindMethod,
  type DepositInput,
  requestWithdrawal,
  submitDeposit,
  type WithdrawalInput,
} from './api';
import { fundingKeys } from './queries';

/** A declared deposit: the record lists reload before the screen moves on to them. */
export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepositInput) => submitDeposit(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.charges() }),
  });
}

export function useBindMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: BindMethodPayload) => bindMethod(form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.methods() }),
  });
}

/** A withdrawal freezes its amount at once: records, the balances shown and the account card reload. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawalInput) => requestWithdrawal(input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fundingKeys.draws() }),
        queryClient.invalidateQueries({ queryKey: fundingKeys.account() }),
        refreshBalance().catch(() => undefined),
      ]),
  });
}
