import { type AuthCenter, type RealNameForm, routes } from '@meridian/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../lib/query-keys';
import { api } from '../../lib/services';

export const kycKeys = { center: () => [...userKeys.all, 'real_name'] as const };

export const centerQuery = () =>
  queryOptions({
    queryKey: kycKeys.center(),
    queryFn: () => api.call(routes.authCenter),
    staleTime: 0,
  });

export function submitRealName(form: RealNameForm): Promise<AuthCenter> {
  return api.call(routes.realName, form, { loading: true });
}

/** Sends the form; the answer is the new state, so the screen turns to "waiting" without a refetch. */
export function useSubmitRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: RealNameForm) => submitRealName(form),
    onSuccess: (center) => queryClient.setQueryData(kycKeys.center(), center),
  });
}
