import type { TradeInstrument } from '@meridian/contract';

/** A valid trade-list entry for tests; override what the test is about. */
export function sampleInstrument(
  over: Partial<TradeInstrument> & Pick<TradeInstrument, 'Id' | 'Code'>,
): TradeInstrument {
  const close = over.ForexQuotations?.Close ?? '1.16500';
  return {
    ShowCode: over.Code,
    Logo: `/logos/${over.Code}.svg`,
    CategoryId: 1,
    MarketStatus: 1,
    ForexQuotations: { Open: close, Close: close, Change: '0.00' },
    PricePrecision: 5,
    ForexMinCont: '0.01',
    ForexMaxCont: '100',
    ForexContNum: 100000,
    ForexFeeRate: '0.0001',
    Pip: '0.01',
    MarginMode: 2,
    HasForexMultiple: [{ Value: 30 }],
    Bid: close,
    Ask: close,
    Spread: '0.00000',
    QuoteCurrency: 'USD',
    ...over,
  };
}
