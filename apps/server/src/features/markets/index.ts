/**
 * The markets feature's public surface: other features import markets only from here (see
 * README.md for what each module does).
 */
export * from './candles.js';
export * from './catalogue.js';
export * from './categories.js';
export * from './clock.js';
export * from './feed.js';
export * from './history.js';
export * from './market.service.js';
export { type InstrumentTermsChange, updateInstrumentTerms } from './markets.repository.js';
export * from './model.js';
export * from './payload.js';
export * from './price.js';
export * from './random.js';
export * from './replay.js';
export * from './replay-csv.js';
export * from './schedule.js';
export * from './scripted-feed.js';
export * from './simulator.js';
