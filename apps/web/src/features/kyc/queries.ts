import { AuthCenter, type RealNameForm } from '@meridian/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, queryClient } from '../../app/services';
import { userKeys } from '../../lib/query-keys';

export const kycKeys = { center: () => [...userKeys.all, 'real_name'] as const };

export const centerQuery = () =>
  queryOptions({
    queryKey: kycKeys.center(),
    queryFn: async () => AuthCenter.parse((await api.get('/api/user_real/center')).data),
    staleTime: 0,
  });

export async function submitRealName(form: RealNameForm): Promise<AuthCenter> {
  const res = await api.post('/api/user_real/real_name', form, { loading: true });
  const center = AuthCenter.parse(res.data);
  queryClient.setQueryData(kycKeys.center(), center);
  return center;
}
