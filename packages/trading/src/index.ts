export { PEGGED_PER_USD, type UsdRoute, usdRate, usdRouteFor } from './conversion.js';
export {
  type CopyVolume,
  copyVolume,
  FEE_RATE_SCALE,
  type FeeSettlement,
  formatFeeRate,
  markAfterDeposit,
  markAfterWithdrawal,
  parseFeeRate,
  settleFee,
} from './copy.js';
export {
  D as TradingDecimal,
  type DecimalInput,
  DecimalParseError,
  decimalToString,
  parseDecimal,
} from './decimal.js';
export {
  closingPrice,
  closingQuoteSide,
  type InstrumentTerms,
  isFixedMargin,
  isLeverageOffered,
  MARGIN_MODE_FIXED,
  openingPrice,
  orderTypeFromSide,
  type Quote,
  quoteToUsdRate,
  type Side,
  sideFromOrderType,
  TRADE_FEE_TYPE_PER_LOT,
  USD_QUOTED,
} from './instrument.js';
export {
  canDecrement,
  type LotsErrorKey,
  type LotsResult,
  nextLots,
  prevLots,
  validateLots,
} from './lots.js';
export {
  type FeeInput,
  feeMicros,
  type MarginInput,
  marginMicros,
  marginUsd,
  type OpenCost,
  openCost,
} from './margin.js';
export {
  assertMicros,
  BALANCE_DECIMALS,
  FEE_MARGIN_DECIMALS,
  formatMicros,
  formatPrice,
  fromMicros,
  MAX_MICROS,
  MICROS_PER_USD,
  sumMicros,
  type ToMicrosOptions,
  toMicros,
  usdToMicros,
} from './money.js';
export { type FloatingPnlInput, floatingPnlMicros, type PnlAtInput, pnlMicrosAt, pnlUsd } from './pnl.js';
export { type CloseSettlementInput, closeProtectionMicros } from './protection.js';
export {
  type AccountValues,
  DEFAULT_MARGIN_CALL_PCT,
  DEFAULT_STOP_OUT_PCT,
  equityMicros,
  isMarginCall,
  isStopOut,
  type OpenPosition,
  type RiskInput,
  riskRatePct,
  stopOutPlan,
} from './risk.js';
export {
  type FillDirection,
  isPendingFilled,
  isStopLossHit,
  isTakeProfitHit,
  type LevelInput,
  type ProtectionErrorKey,
  type ProtectionInput,
  type ProtectionResult,
  pendingFillDirection,
  protectionTrigger,
  validateProtection,
} from './triggers.js';
export {
  defaultReceiveDecimals,
  MAX_RECEIVE_DECIMALS,
  RECEIVE_DECIMALS,
  WITHDRAW_FEE_TYPE_FIXED,
  type WithdrawInput,
  type WithdrawQuote,
  withdrawQuote,
} from './withdraw.js';
