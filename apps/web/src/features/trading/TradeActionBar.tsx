import type { TradeInstrument } from '@meridian/contract';
import type { Side } from '@meridian/trading';
import { useTranslation } from '../../i18n/use-translation';
import { formatFixed } from '../../lib/format';

/** Bid, ask and spread at the instrument's precision; '--' until there is an instrument. */
export function quoteTexts(inst: TradeInstrument | null): { bid: string; ask: string; spread: string } {
  if (!inst) return { bid: '--', ask: '--', spread: '--' };
  const places = inst.PricePrecision;
  return {
    bid: formatFixed(inst.Bid, places),
    ask: formatFixed(inst.Ask, places),
    spread: formatFixed(inst.Spread, places),
  };
}

interface TradeActionBarProps {
  instrument: TradeInstrument | null;
  /** Composed by the caller: market closed, an order on its way, prices not live. */
  disabled: boolean;
  onPlace(side: Side): void;
}

/**
 * Sell at the bid, Buy at the ask, the spread between them: fixed above the tab bar, so the price the
 * trader will get and the buttons that take it are always on screen. Sell comes first, as the bid is
 * the lower price (the order every trading screen uses).
 */
export function TradeActionBar({ instrument, disabled, onPlace }: TradeActionBarProps) {
  const { t } = useTranslation();
  const { bid, ask, spread } = quoteTexts(instrument);
  return (
    <div className="trade-actions" data-testid="trade-actions">
      <button
        type="button"
        className="trade-actions__button trade-actions__button--sell"
        data-testid="order-sell"
        disabled={disabled || !instrument}
        onClick={() => onPlace('sell')}
      >
        <span className="trade-actions__label">{t('trade.sell_short')}</span>
        <span className="trade-actions__price num" data-testid="sell-price">
          {bid}
        </span>
      </button>
      <div className="trade-actions__spread" data-testid="spread">
        <span className="trade-actions__spread-label">{t('trade.spread')}</span>
        <span className="num" data-testid="spread-value">
          {spread}
        </span>
      </div>
      <button
        type="button"
        className="trade-actions__button trade-actions__button--buy"
        data-testid="order-buy"
        disabled={disabled || !instrument}
        onClick={() => onPlace('buy')}
      >
        <span className="trade-actions__label">{t('trade.buy_long')}</span>
        <span className="trade-actions__price num" data-testid="buy-price">
          {ask}
        </span>
      </button>
    </div>
  );
}
