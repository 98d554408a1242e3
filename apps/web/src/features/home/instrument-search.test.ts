import { describe, expect, it } from 'vitest';
import { sampleInstrument } from '../markets/test-data';
import { arrangeInstruments, matchesInstrument, searchKey } from './instrument-search';

const EURUSD = sampleInstrument({ Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD' });
const USDJPY = sampleInstrument({ Id: 2, Code: 'USDJPY', ShowCode: 'USD/JPY' });
const XAUUSD = sampleInstrument({ Id: 3, Code: 'XAUUSD', ShowCode: 'Gold', CategoryId: 3 });
const BTCUSD = sampleInstrument({ Id: 4, Code: 'BTCUSD', ShowCode: 'Bitcoin', CategoryId: 6 });
const LIST = [EURUSD, USDJPY, XAUUSD, BTCUSD];
const none = new Set<string>();
const codes = (list: readonly { Code: string }[]) => list.map((i) => i.Code);

describe('instrument search', () => {
  it('ignores case, spaces and separators', () => {
    expect(searchKey(' EUR / usd ')).toBe('eurusd');
    for (const query of ['eurusd', 'EUR/USD', 'eur usd', 'Eur-Usd', 'ur/u']) {
      expect(matchesInstrument(EURUSD, query)).toBe(true);
    }
    expect(matchesInstrument(EURUSD, 'gbp')).toBe(false);
  });

  it('finds by code and by name', () => {
    expect(codes(arrangeInstruments(LIST, { category: null, query: 'gold', favourites: none }))).toEqual([
      'XAUUSD',
    ]);
    expect(codes(arrangeInstruments(LIST, { category: null, query: 'xau', favourites: none }))).toEqual([
      'XAUUSD',
    ]);
    expect(codes(arrangeInstruments(LIST, { category: null, query: 'usd', favourites: none }))).toEqual(
      codes(LIST),
    );
    expect(codes(arrangeInstruments(LIST, { category: null, query: 'jpy', favourites: none }))).toEqual([
      'USDJPY',
    ]);
    expect(arrangeInstruments(LIST, { category: null, query: 'nothing', favourites: none })).toEqual([]);
  });

  it('narrows the chosen category, and an empty query shows it whole', () => {
    expect(codes(arrangeInstruments(LIST, { category: 1, query: '', favourites: none }))).toEqual([
      'EURUSD',
      'USDJPY',
    ]);
    expect(codes(arrangeInstruments(LIST, { category: 1, query: 'gold', favourites: none }))).toEqual([]);
  });

  it('puts favourites first, each group in the server order', () => {
    const favourites = new Set(['BTCUSD', 'USDJPY']);
    expect(codes(arrangeInstruments(LIST, { category: null, query: '', favourites }))).toEqual([
      'USDJPY',
      'BTCUSD',
      'EURUSD',
      'XAUUSD',
    ]);
    expect(codes(arrangeInstruments(LIST, { category: null, query: 'usd', favourites }))).toEqual([
      'USDJPY',
      'BTCUSD',
      'EURUSD',
      'XAUUSD',
    ]);
    // A favourite outside the filter stays out.
    expect(codes(arrangeInstruments(LIST, { category: 1, query: '', favourites }))).toEqual([
      'USDJPY',
      'EURUSD',
    ]);
  });
});
