import type { InstrumentTerms } from './instrument.js';

// Test instruments shaped like trade_list rows. Leverage mode unless said otherwise.
const base = { minLots: '0.01', lotStep: '0.01', maxLots: '100', marginMode: 2, pricePrecision: 5 };

export const EURUSD: InstrumentTerms = {
  ...base,
  contractSize: 100_000,
  feeRate: '0.0005',
  leverageOptions: [50, 100, 200],
};
export const USDJPY: InstrumentTerms = {
  ...base,
  contractSize: '100000',
  feeRate: 7,
  pricePrecision: 3,
  leverageOptions: [50, 100],
};
export const EURGBP: InstrumentTerms = {
  ...base,
  contractSize: 100_000,
  feeRate: '0.0005',
  leverageOptions: [200],
};
export const XAUUSD: InstrumentTerms = {
  ...base,
  contractSize: 100,
  feeRate: '0.001',
  pricePrecision: 2,
  leverageOptions: [20],
};
/** A EUR-quoted index CFD: 1 unit per lot. */
export const DE40: InstrumentTerms = {
  ...base,
  contractSize: 1,
  feeRate: '0.001',
  lotStep: '0.1',
  minLots: '0.1',
  pricePrecision: 1,
  leverageOptions: [20],
};
export const BTCUSD: InstrumentTerms = {
  ...base,
  contractSize: 1,
  feeRate: '0.002',
  pricePrecision: 2,
  leverageOptions: [2, 5],
};
/** Fixed-margin mode: margin is lots × units per lot in USD, whatever the price. */
export const FIXED: InstrumentTerms = {
  ...base,
  marginMode: 1,
  contractSize: 1000,
  feeRate: '0.01',
  leverageOptions: [1],
};
