import type {
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
import type { NoData, NoInput } from './no-input.js';
import { realRoute } from './route.js';

/**
 * Funding (spec section 7): deposits, withdrawals and payout methods, for real accounts only. The
 * two deposit submissions are GET with query parameters in the specification; the server takes
 * the same fields as a POST form too, so each has a second entry.
 */
/** Deposit submissions and withdrawals book money: a retried tap must not book twice. */
const MONEY = { idempotent: true } as const;

export const fundingRoutes = {
  chargeSymbols: realRoute<typeof NoInput, typeof ChargeSymbolList>('GET', '/api/quickCharge/symbols'),
  chargeAddresses: realRoute<typeof ChargeInfoQuery, typeof ChargeAddressList>(
    'GET',
    '/api/quickCharge/info',
  ),
  wireBanks: realRoute<typeof WireInfoQuery, typeof BankOptionList>('GET', '/api/quickCharge/wire_info'),
  chargeSubmit: realRoute<typeof ChargeSubmitQuery, typeof ChargeRecord>(
    'GET',
    '/api/quickCharge/submit',
    MONEY,
  ),
  chargeSubmitPost: realRoute<typeof ChargeSubmitQuery, typeof ChargeRecord>(
    'POST',
    '/api/quickCharge/submit',
    MONEY,
  ),
  wireSubmit: realRoute<typeof WireSubmitQuery, typeof ChargeRecord>(
    'GET',
    '/api/quickCharge/wire_submit',
    MONEY,
  ),
  wireSubmitPost: realRoute<typeof WireSubmitQuery, typeof ChargeRecord>(
    'POST',
    '/api/quickCharge/wire_submit',
    MONEY,
  ),
  chargeList: realRoute<typeof ChargeListQuery, typeof ChargeRecordPage>('GET', '/api/quickCharge/quick_ist'),
  drawSymbols: realRoute<typeof DrawSymbolQuery, typeof DrawCurrencyList>(
    'GET',
    '/api/account/draw_symbol_list',
  ),
  draw: realRoute<typeof DrawForm, typeof DrawRecord>('POST', '/api/account/draw', MONEY),
  drawList: realRoute<typeof DrawListQuery, typeof DrawRecordPage>('GET', '/api/account/draw_list'),
  drawMethods: realRoute<typeof DrawMethodQuery, typeof DrawMethodList>('GET', '/api/wallet/get_draw_method'),
  bindDrawMethod: realRoute<typeof BindDrawMethodForm, typeof DrawMethod>(
    'POST',
    '/api/wallet/bind_draw_method',
  ),
  deleteDrawMethod: realRoute<typeof DeleteDrawMethodForm, typeof NoData>(
    'POST',
    '/api/wallet/del_draw_method',
  ),
} as const;
