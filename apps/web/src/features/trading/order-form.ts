import type { TradeInstrument } from '@meridian/contract';
import {
  canDecrement,
  type DecimalInput,
  FEE_MARGIN_DECIMALS,
  formatMicros,
  type InstrumentTerms,
  isFixedMargin,
  nextLots,
  type OpenCost,
  openCost,
  orderTypeFromSide,
  parseDecimal,
  prevLots,
  type Quote,
  type Side,
  TradingDecimal,
  usdRate,
  usdRouteFor,
  validateLots,
  validateProtection,
} from '@meridian/trading';
import type { StopPayload, SubmitPayload } from './api';

/**
 * The order form's logic, apart from React so it can be tested exactly: the same packages/trading
 * functions the server books with give the estimates and the checks, so what the form shows is
 * what the ledger will say.
 */

export type OrderMode = 'market' | 'pending';

/** A TP or SL level: behind a checkbox, and only sent while ticked. */
export interface LevelField {
  enabled: boolean;
  value: string;
}

export interface OrderFormState {
  mode: OrderMode;
  /** The target price of a pending order, as typed. */
  price: string;
  leverage: number | null;
  /** Lots as typed or stepped: a decimal string, never a float sum. */
  lots: string;
  takeProfit: LevelField;
  stopLoss: LevelField;
}

export function instrumentTerms(inst: TradeInstrument): InstrumentTerms {
  return {
    contractSize: inst.ForexContNum,
    minLots: inst.ForexMinCont,
    lotStep: inst.Pip,
    maxLots: inst.ForexMaxCont,
    marginMode: inst.MarginMode,
    feeRate: inst.ForexFeeRate,
    pricePrecision: inst.PricePrecision,
    leverageOptions: inst.HasForexMultiple.map((m) => m.Value),
  };
}

export function initialFormState(inst: TradeInstrument | null): OrderFormState {
  return {
    mode: 'market',
    price: '',
    leverage: inst?.HasForexMultiple[0]?.Value ?? null,
    lots: inst?.ForexMinCont ?? '',
    takeProfit: { enabled: false, value: '' },
    stopLoss: { enabled: false, value: '' },
  };
}

/** When the instrument changes, keep what still fits it and reset the rest. */
export function adaptToInstrument(state: OrderFormState, inst: TradeInstrument): OrderFormState {
  const fresh = initialFormState(inst);
  const options = inst.HasForexMultiple.map((m) => m.Value);
  return {
    ...fresh,
    mode: state.mode,
    leverage: state.leverage !== null && options.includes(state.leverage) ? state.leverage : fresh.leverage,
  };
}

/** The current price as the list shows it (the bid), at the instrument's precision. */
export function currentPrice(inst: TradeInstrument): string {
  return new TradingDecimal(inst.ForexQuotations.Close).toFixed(inst.PricePrecision);
}

/**
 * Ticking a TP/SL box: the first time, the level starts at the current price (spec section 5);
 * afterwards the trader's own value is kept.
 */
export function toggleLevel(field: LevelField, enabled: boolean, price: string): LevelField {
  if (!enabled) return { ...field, enabled: false };
  return { enabled: true, value: field.value === '' ? price : field.value };
}

// ---- lots stepper ---------------------------------------------------------------------------------

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** The minus control is usable only while lots − Pip stays above zero. */
export function canStepDown(lots: string, inst: TradeInstrument): boolean {
  return safe(() => canDecrement(lots, inst.Pip), false);
}

/** The plus control is usable while the next step does not pass the instrument's maximum. */
export function canStepUp(lots: string, inst: TradeInstrument): boolean {
  return safe(() => parseDecimal(stepUp(lots, inst)).lte(parseDecimal(inst.ForexMaxCont)), false);
}

/** One step up on the Pip grid; unreadable input restarts from the minimum. */
export function stepUp(lots: string, inst: TradeInstrument): string {
  return safe(() => nextLots(lots, inst.Pip), inst.ForexMinCont);
}

export function stepDown(lots: string, inst: TradeInstrument): string {
  return safe(() => prevLots(lots, inst.Pip), inst.ForexMinCont);
}

// ---- estimates ------------------------------------------------------------------------------------

/**
 * USD per unit of the instrument's quote currency, by the rule the server books with
 * (packages/trading: the listed pair's mid, EURGBP → GBPUSD, USDJPY → 1 / USDJPY, or a peg).
 * Null when the list has no way to convert: the form then shows no estimate rather than a wrong one.
 */
export function quoteToUsdFor(inst: TradeInstrument, list: readonly TradeInstrument[]): DecimalInput | null {
  const byCode = (code: string) => list.find((i) => i.Code === code);
  const route = usdRouteFor(inst.QuoteCurrency, (code) => byCode(code) !== undefined);
  if (!route) return null;
  return usdRate(route, (code) => {
    const pair = byCode(code);
    if (!pair) throw new Error(`${code} left the list`);
    return { bid: pair.Bid, ask: pair.Ask };
  });
}

/**
 * The price an estimate is made at: the target of a pending order, else the ask. The ask is the
 * higher of the two opening prices, so the estimate never understates what either button costs.
 */
export function estimatePrice(state: OrderFormState, inst: TradeInstrument): string | null {
  if (state.mode === 'pending') {
    return safe(() => (parseDecimal(state.price).gt(0) ? state.price : null), null);
  }
  return inst.Ask;
}

export function estimate(
  state: OrderFormState,
  inst: TradeInstrument,
  list: readonly TradeInstrument[],
  tradeFeeType: number,
): OpenCost | null {
  const terms = instrumentTerms(inst);
  const lots = validateLots(state.lots, terms);
  if (!lots.ok) return null;
  if (isFixedMargin(terms)) {
    return safe(() => openCost({ terms, tradeFeeType, lots: lots.lotsStr }), null);
  }
  const price = estimatePrice(state, inst);
  const quoteToUsd = quoteToUsdFor(inst, list);
  const leverage = state.leverage;
  if (price === null || leverage === null || quoteToUsd === null) return null;
  return safe(() => openCost({ terms, tradeFeeType, lots: lots.lotsStr, price, leverage, quoteToUsd }), null);
}

/** Margin and fee are shown to 6 decimals (spec section 9); '--' when there is nothing to estimate. */
export function estimateTexts(cost: OpenCost | null): { margin: string; fee: string } {
  if (!cost) return { margin: '--', fee: '--' };
  return {
    margin: formatMicros(cost.marginMicros, FEE_MARGIN_DECIMALS),
    fee: formatMicros(cost.feeMicros, FEE_MARGIN_DECIMALS),
  };
}

// ---- submission -----------------------------------------------------------------------------------

/** The texts a form check can answer with. */
export type ProblemKey =
  | 'messages.no_multiple'
  | 'messages.enter_price'
  | 'trading.price_invalid'
  | 'trading.lots_invalid'
  | 'trading.lots_off_step'
  | 'trading.lots_below_minimum'
  | 'trading.lots_too_large'
  | 'trading.tp_wrong_side'
  | 'trading.sl_wrong_side';

export interface FormProblem {
  key: ProblemKey;
  params?: Record<string, string>;
}

export type SubmitCheck =
  | { ok: true; payload: SubmitPayload }
  /** `problem` null: nothing to say (spec: empty leverage or lots are silently ignored). */
  | { ok: false; problem: FormProblem | null };

const LOTS_PROBLEMS = {
  lots_invalid: 'trading.lots_invalid',
  lots_off_step: 'trading.lots_off_step',
  lots_below_minimum: 'trading.lots_below_minimum',
  lots_too_large: 'trading.lots_too_large',
} as const satisfies Record<string, ProblemKey>;

const PROTECTION_PROBLEMS = {
  price_invalid: 'trading.price_invalid',
  take_profit_wrong_side: 'trading.tp_wrong_side',
  stop_loss_wrong_side: 'trading.sl_wrong_side',
} as const satisfies Record<string, ProblemKey>;

/** A ticked level is sent as typed; an unticked one as 0 (spec section 5). */
export function levelValue(field: LevelField): string {
  return field.enabled ? field.value.trim() : '0';
}

function checkLevels(side: Side, quote: Quote, takeProfit: LevelField, stopLoss: LevelField) {
  const tp = levelValue(takeProfit);
  const sl = levelValue(stopLoss);
  // A ticked but empty box is not "none": the trader meant a level and must give one.
  if ((takeProfit.enabled && tp === '') || (stopLoss.enabled && sl === '')) {
    return { ok: false as const, problem: { key: 'trading.price_invalid' } as FormProblem };
  }
  const result = safe(() => validateProtection({ side, quote, takeProfit: tp, stopLoss: sl }), {
    ok: false as const,
    error: 'price_invalid' as const,
    params: {},
  });
  if (!result.ok) {
    return { ok: false as const, problem: { key: PROTECTION_PROBLEMS[result.error], params: result.params } };
  }
  return { ok: true as const, tp, sl };
}

/** Checks the form for the button pressed and builds the submit query, as the server will judge it. */
export function checkSubmit(side: Side, state: OrderFormState, inst: TradeInstrument): SubmitCheck {
  if (inst.HasForexMultiple.length === 0) return { ok: false, problem: { key: 'messages.no_multiple' } };
  if (state.leverage === null || state.lots.trim() === '') return { ok: false, problem: null };
  const pending = state.mode === 'pending';
  const target = state.price.trim();
  if (pending && target === '') return { ok: false, problem: { key: 'messages.enter_price' } };
  if (pending && !safe(() => parseDecimal(target).gt(0), false)) {
    return { ok: false, problem: { key: 'trading.price_invalid' } };
  }
  const lots = validateLots(state.lots.trim(), instrumentTerms(inst));
  if (!lots.ok) return { ok: false, problem: { key: LOTS_PROBLEMS[lots.error], params: lots.params } };
  // A pending order's levels are judged against its own target, the price it will open at.
  const quote: Quote = pending ? { bid: target, ask: target } : { bid: inst.Bid, ask: inst.Ask };
  const levels = checkLevels(side, quote, state.takeProfit, state.stopLoss);
  if (!levels.ok) return levels;
  return {
    ok: true,
    payload: {
      type: orderTypeFromSide(side),
      cont: lots.lotsStr,
      forex_id: inst.Id,
      status: pending ? 0 : 1,
      target_price: pending ? target : '0',
      stop_loss_price: levels.sl,
      target_profit_price: levels.tp,
      multiple: state.leverage,
    },
  };
}

export type StopCheck = { ok: true; payload: StopPayload } | { ok: false; problem: FormProblem };

/**
 * The TP/SL editor of a holding order: levels are judged against `closePrice`, the order's current
 * executable closing price (the `Price` the server pushes), whichever side it is.
 */
export function checkStops(
  id: number,
  side: Side,
  closePrice: string,
  takeProfit: LevelField,
  stopLoss: LevelField,
): StopCheck {
  const levels = checkLevels(side, { bid: closePrice, ask: closePrice }, takeProfit, stopLoss);
  if (!levels.ok) return { ok: false, problem: levels.problem ?? { key: 'trading.price_invalid' } };
  return { ok: true, payload: { id, target_profit_price: levels.tp, stop_loss_price: levels.sl } };
}

/** A stored level as the editor starts with it: "0" means none. */
export function levelFromOrder(level: string): LevelField {
  const none = safe(() => parseDecimal(level).isZero(), true);
  return none ? { enabled: false, value: '' } : { enabled: true, value: level };
}

/**
 * The translated text of a problem. The keys are a checked union, but i18next's types cannot pair
 * a union of keys with their different {{placeholders}}, hence the plain signature for this call.
 */
export type ProblemTranslator = (key: ProblemKey, options?: Record<string, string>) => string;

export function problemText(t: ProblemTranslator, problem: FormProblem): string {
  return t(problem.key, problem.params ?? {});
}
