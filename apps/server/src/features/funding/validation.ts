import type { BindDrawMethodForm } from '@meridian/contract';
import { AppError } from '../../http/app-error.js';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const ADDRESS_FORMATS: Record<string, RegExp[]> = {
  // TRON: "T" and 33 more base58 characters.
  TRC20: [new RegExp(`^T${BASE58}{33}$`)],
  // Ethereum and its tokens: 0x and 40 hex digits.
  ERC20: [/^0x[0-9a-fA-F]{40}$/],
  // Bitcoin: bech32/bech32m (bc1…, one case only) or legacy base58 (1… P2PKH, 3… P2SH).
  BTC: [/^bc1[02-9ac-hj-np-z]{11,71}$/, /^BC1[02-9AC-HJ-NP-Z]{11,71}$/, new RegExp(`^[13]${BASE58}{25,34}$`)],
};
/** Networks without a rule here still get a plausible shape: letters and digits, no spaces. */
const GENERIC_ADDRESS = /^[A-Za-z0-9]{20,120}$/;

/** Whether `address` has the shape of an address on `protocol` (no checksum: the network has the final word). */
export function isAddressFor(protocol: string, address: string): boolean {
  const rules = ADDRESS_FORMATS[protocol.toUpperCase()] ?? [GENERIC_ADDRESS];
  return rules.some((rule) => rule.test(address));
}

const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const ACCOUNT = /^[A-Za-z0-9 -]{4,64}$/;

/** The fields a method of `type` needs, checked; returns them tidied (SWIFT upper-cased). */
export function checkMethodFields(form: BindDrawMethodForm, protocol: string): BindDrawMethodForm {
  if (form.type === 1) {
    if (!isAddressFor(protocol, form.dc_address)) throw new AppError('address_invalid');
    return { ...form, bank_name: '', bank_address: '', bank_swift: '', payee_name: '', payee_account: '' };
  }
  const swift = form.bank_swift.toUpperCase().replaceAll(' ', '');
  if (!form.bank_name || !form.payee_name || !ACCOUNT.test(form.payee_account) || !SWIFT.test(swift)) {
    throw new AppError('draw_method_invalid');
  }
  return { ...form, dc_address: '', bank_swift: swift };
}
