import {
  BalanceAccount,
  BankOption,
  ChargeAddress,
  type ChargeRecord,
  ChargeRecordPage,
  ChargeSymbol,
  DrawCurrency,
  DrawMethod,
  DrawRecord,
  DrawRecordPage,
  UploadResult,
} from '@meridian/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { refreshBalance } from '../../app/auth-actions';
import { api, queryClient } from '../../app/services';
import { apiBaseUrl, apiHostRuleFrom } from '../../lib/endpoints';
import { userKeys } from '../../lib/query-keys';

export const fundingKeys = {
  all: ['funding'] as const,
  symbols: () => [...fundingKeys.all, 'symbols'] as const,
  addresses: () => [...fundingKeys.all, 'addresses'] as const,
  banks: () => [...fundingKeys.all, 'banks'] as const,
  charges: () => [...fundingKeys.all, 'charges'] as const,
  chargeList: (type: number) => [...fundingKeys.charges(), type] as const,
  currencies: (type: number) => [...fundingKeys.all, 'currencies', type] as const,
  methods: () => [...fundingKeys.all, 'methods'] as const,
  methodList: (type: number) => [...fundingKeys.methods(), type] as const,
  draws: () => [...fundingKeys.all, 'draws'] as const,
  drawList: (type: number | null) => [...fundingKeys.draws(), type ?? 'all'] as const,
  account: () => [...userKeys.all, 'account'] as const,
};

const PAGE_SIZE = 20;

function nextPage<T>(pages: Array<{ list: T[]; total: number; page: number }>): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  const last = pages[pages.length - 1];
  if (!last || loaded >= last.total || last.list.length < PAGE_SIZE) return undefined;
  return last.page + 1;
}

export const symbolsQuery = () =>
  queryOptions({
    queryKey: fundingKeys.symbols(),
    queryFn: async () => ChargeSymbol.array().parse((await api.get('/api/quickCharge/symbols')).data),
  });

export const addressesQuery = () =>
  queryOptions({
    queryKey: fundingKeys.addresses(),
    queryFn: async () => ChargeAddress.array().parse((await api.get('/api/quickCharge/info')).data),
  });

export const banksQuery = () =>
  queryOptions({
    queryKey: fundingKeys.banks(),
    queryFn: async () => BankOption.array().parse((await api.get('/api/quickCharge/wire_info')).data),
  });

/** type 0 coin, 1 bank. */
export const chargeRecordsQuery = (type: number) =>
  infiniteQueryOptions({
    queryKey: fundingKeys.chargeList(type),
    queryFn: async ({ pageParam, signal }) =>
      ChargeRecordPage.parse(
        (await api.get('/api/quickCharge/quick_ist', { type, page: pageParam }, { signal })).data,
      ),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });

/** type 1 coin, 2 bank. */
export const drawCurrenciesQuery = (type: number) =>
  queryOptions({
    queryKey: fundingKeys.currencies(type),
    queryFn: async () =>
      DrawCurrency.array().parse((await api.get('/api/account/draw_symbol_list', { type })).data),
  });

export const drawMethodsQuery = (type: number) =>
  queryOptions({
    queryKey: fundingKeys.methodList(type),
    queryFn: async () =>
      DrawMethod.array().parse((await api.get('/api/wallet/get_draw_method', { draw_type: type })).data),
  });

export const drawRecordsQuery = (type: number | null) =>
  infiniteQueryOptions({
    queryKey: fundingKeys.drawList(type),
    queryFn: async ({ pageParam, signal }) =>
      DrawRecordPage.parse(
        (await api.get('/api/account/draw_list', { type: type ?? undefined, page: pageParam }, { signal }))
          .data,
      ),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });

/** Free and frozen balance, read fresh: the withdraw page shows both. */
export const accountQuery = () =>
  queryOptions({
    queryKey: fundingKeys.account(),
    queryFn: async () => BalanceAccount.parse((await api.get('/v1/api/main/wallet/getBalance')).data),
    staleTime: 0,
  });

/** A picture for a form: the key goes back to the server, the signed url into the <img>. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const res = await api.upload('/api/common/image_upload', file, file.name || 'image');
  return UploadResult.parse(res.data);
}

export interface DepositInput {
  kind: 'coin' | 'wire';
  optionId: number;
  number: string;
  proofImg: string;
}

export async function submitDeposit(input: DepositInput): Promise<ChargeRecord> {
  const res =
    input.kind === 'coin'
      ? await api.post(
          '/api/quickCharge/submit',
          {
            number: input.number,
            proofImg: input.proofImg,
            charge_id: input.optionId,
          },
          { loading: true },
        )
      : await api.post(
          '/api/quickCharge/wire_submit',
          {
            number: input.number,
            proofImg: input.proofImg,
            wire_id: input.optionId,
          },
          { loading: true },
        );
  await queryClient.invalidateQueries({ queryKey: fundingKeys.charges() });
  return res.data as ChargeRecord;
}

export async function bindMethod(form: Record<string, string | number>): Promise<DrawMethod> {
  const res = await api.post('/api/wallet/bind_draw_method', form, { loading: true });
  await queryClient.invalidateQueries({ queryKey: fundingKeys.methods() });
  return DrawMethod.parse(res.data);
}

export async function deleteMethod(id: number): Promise<void> {
  await api.post('/api/wallet/del_draw_method', { id }, { loading: true });
  await queryClient.invalidateQueries({ queryKey: fundingKeys.methods() });
}

export async function requestWithdrawal(input: {
  currencyId: number;
  methodId: number;
  number: string;
}): Promise<DrawRecord> {
  const res = await api.post(
    '/api/account/draw',
    { draw_currency_id: input.currencyId, draw_method_id: input.methodId, number: input.number, memo: '' },
    { loading: true },
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: fundingKeys.draws() }),
    queryClient.invalidateQueries({ queryKey: fundingKeys.account() }),
    refreshBalance().catch(() => undefined),
  ]);
  return DrawRecord.parse(res.data);
}

const apiBase = apiBaseUrl(window.location, apiHostRuleFrom(import.meta.env.VITE_API_HOST_RULE));

/** The server answers picture links relative to the API host; the <img> needs them against it. */
export function pictureUrl(url: string): string {
  return url.startsWith('/') ? `${apiBase}${url}` : url;
}
