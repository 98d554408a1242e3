import {
  type ChargeRecord,
  type DrawMethod,
  type DrawRecord,
  type RequestOf,
  routes,
  type UploadResult,
} from '@meridian/contract';
import { api } from '../../lib/services';

// Money moves and pictures go up with the loading toast: the trader must not tap twice meanwhile.
const ACTION = { loading: true } as const;

/** A picture for a form: the key goes back to the server, the signed url into the <img>. */
export function uploadImage(file: File): Promise<UploadResult> {
  return api.call(routes.imageUpload, {}, { ...ACTION, file: { blob: file, name: file.name || 'image' } });
}

export interface DepositInput {
  kind: 'coin' | 'wire';
  optionId: number;
  number: string;
  proofImg: string;
}

/** The app declares deposits with a form POST; the specification's GET takes the same fields. */
export function submitDeposit(input: DepositInput): Promise<ChargeRecord> {
  const { number, proofImg, optionId } = input;
  return input.kind === 'coin'
    ? api.call(routes.chargeSubmitPost, { number, proofImg, charge_id: optionId }, ACTION)
    : api.call(routes.wireSubmitPost, { number, proofImg, wire_id: optionId }, ACTION);
}

/** bind_draw_method's form: a coin address (type 1) or the bank fields (type 2). */
export type BindMethodPayload = RequestOf<typeof routes.bindDrawMethod>;

export function bindMethod(form: BindMethodPayload): Promise<DrawMethod> {
  return api.call(routes.bindDrawMethod, form, ACTION);
}

export async function deleteMethod(id: number): Promise<void> {
  await api.call(routes.deleteDrawMethod, { id }, ACTION);
}

export interface WithdrawalInput {
  currencyId: number;
  methodId: number;
  number: string;
  /** The owner's proof: the login password, or the authenticator code when two-factor authentication is on. */
  proof: { password?: string; otp_code?: string };
}

export function requestWithdrawal(input: WithdrawalInput): Promise<DrawRecord> {
  return api.call(
    routes.draw,
    {
      draw_currency_id: input.currencyId,
      draw_method_id: input.methodId,
      number: input.number,
      memo: '',
      ...input.proof,
    },
    ACTION,
  );
}
