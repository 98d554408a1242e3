import type { ErrorKey } from '../errors.js';
import {
  BankOptionList,
  BindDrawMethodForm,
  ChargeAddressList,
  ChargeInfoQuery,
  ChargeListQuery,
  ChargeRecord,
  ChargeRecordPage,
  ChargeSubmitQuery,
  ChargeSymbolList,
  DeleteDrawMethodForm,
  DrawCurrencyList,
  DrawForm,
  DrawListQuery,
  DrawMethod,
  DrawMethodList,
  DrawMethodQuery,
  DrawRecord,
  DrawRecordPage,
  DrawSymbolQuery,
  WireInfoQuery,
  WireSubmitQuery,
} from '../funding.js';
import { defineEndpoints } from './endpoint.js';
import { fundingRoutes } from './funding.routes.js';
import { STEP_UP_ERRORS } from './identity.endpoints.js';
import { NoData, NoInput } from './no-input.js';

const CHARGE_ERRORS: readonly ErrorKey[] = [
  'amount_invalid',
  'deposit_option_not_found',
  'deposit_below_minimum',
  'picture_required',
  'picture_not_owned',
];
const COIN_SUMMARY =
  'Declare a coin deposit with its proof picture; nothing is credited until an operator approves.';
const WIRE_SUMMARY =
  'Declare a bank wire with its proof picture; nothing is credited until an operator approves.';

export const fundingEndpoints = defineEndpoints('funding', fundingRoutes, {
  chargeSymbols: {
    request: NoInput,
    response: ChargeSymbolList,
    summary: 'The currencies a deposit may be made in, with their networks.',
    errors: [],
  },
  chargeAddresses: {
    request: ChargeInfoQuery,
    response: ChargeAddressList,
    summary: "The broker's receiving addresses, of one currency or all.",
    errors: [],
  },
  wireBanks: {
    request: WireInfoQuery,
    response: BankOptionList,
    summary: "The broker's bank accounts for wires, of one currency or all.",
    errors: [],
  },
  chargeSubmit: {
    request: ChargeSubmitQuery,
    response: ChargeRecord,
    summary: COIN_SUMMARY,
    errors: CHARGE_ERRORS,
  },
  chargeSubmitPost: {
    request: ChargeSubmitQuery,
    response: ChargeRecord,
    summary: `${COIN_SUMMARY} (Form body.)`,
    errors: CHARGE_ERRORS,
  },
  wireSubmit: {
    request: WireSubmitQuery,
    response: ChargeRecord,
    summary: WIRE_SUMMARY,
    errors: CHARGE_ERRORS,
  },
  wireSubmitPost: {
    request: WireSubmitQuery,
    response: ChargeRecord,
    summary: `${WIRE_SUMMARY} (Form body.)`,
    errors: CHARGE_ERRORS,
  },
  chargeList: {
    request: ChargeListQuery,
    response: ChargeRecordPage,
    summary: "One page of the caller's deposits, newest first (type 0 coin, 1 bank, absent both).",
    errors: [],
  },
  drawSymbols: {
    request: DrawSymbolQuery,
    response: DrawCurrencyList,
    summary:
      'The currencies a withdrawal may be paid in (type 1 coin, 2 bank), with their fees and USD prices.',
    errors: [],
  },
  draw: {
    request: DrawForm,
    response: DrawRecord,
    summary:
      'Request a withdrawal to a bound method (with the authenticator code when two-factor authentication is on, else the password): the amount moves from free to frozen until an operator decides. At most the free margin: the free balance less the loss open positions stand at.',
    errors: [
      'draw_currency_not_found',
      'draw_method_not_found',
      'draw_method_invalid',
      'amount_invalid',
      'amount_below_fee',
      'balance_too_low',
      'withdraw_above_free_margin',
      'real_name_required',
      ...STEP_UP_ERRORS,
    ],
  },
  drawList: {
    request: DrawListQuery,
    response: DrawRecordPage,
    summary: "One page of the caller's withdrawals, newest first.",
    errors: [],
  },
  drawMethods: {
    request: DrawMethodQuery,
    response: DrawMethodList,
    summary: "The caller's bound payout methods (addresses and bank accounts).",
    errors: [],
  },
  bindDrawMethod: {
    request: BindDrawMethodForm,
    response: DrawMethod,
    summary:
      'Bind a payout address (type 1) or bank account (type 2) to a withdrawal currency (with the authenticator code when two-factor authentication is on, else the password).',
    errors: ['draw_currency_not_found', 'address_invalid', 'draw_method_invalid', ...STEP_UP_ERRORS],
  },
  deleteDrawMethod: {
    request: DeleteDrawMethodForm,
    response: NoData,
    summary: "Remove one of the caller's payout methods.",
    errors: ['draw_method_not_found'],
  },
});
