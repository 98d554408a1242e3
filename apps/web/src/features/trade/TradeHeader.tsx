import { MARKET_OPEN, type TradeInstrument } from '@meridian/contract';
import DownFill from 'antd-mobile-icons/es/DownFill';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { changeDirection, changeText, lastPrice } from '../markets/price';

interface TradeHeaderProps {
  instrument: TradeInstrument | null;
  /** Shown until the trade list arrives: the code remembered from the last visit. */
  fallbackCode: string | null;
  onOpenSelector(): void;
}

/** Memo: the trade screen's urgent re-render on a quote tick passes the same (deferred) instrument. */
export const TradeHeader = memo(function TradeHeader({
  instrument,
  fallbackCode,
  onOpenSelector,
}: TradeHeaderProps) {
  const { t } = useTranslation();
  const open = instrument?.MarketStatus === MARKET_OPEN;
  const direction = instrument ? changeDirection(instrument.ForexQuotations.Change) : 'flat';
  return (
    <header className="trade-header" data-testid="trade-header">
      <button
        type="button"
        className="instrument-selector"
        data-testid="instrument-selector"
        aria-haspopup="dialog"
        onClick={onOpenSelector}
      >
        {/* The name is the visible code and name, then what the button does (label in name, WCAG 2.5.3). */}
        <UnorderedListOutline className="instrument-selector__icon" aria-hidden="true" />
        <span className="instrument-selector__names">
          <span className="instrument-selector__code">{instrument?.Code ?? fallbackCode ?? ''}</span>
          {instrument && instrument.ShowCode !== instrument.Code && (
            <span className="instrument-selector__show-code">{instrument.ShowCode}</span>
          )}
        </span>
        <span className="visually-hidden">{t('trade.select_instrument')}</span>
        <DownFill className="instrument-selector__caret" aria-hidden="true" />
      </button>
      {!instrument && <div className="trade-header__quote" />}
      {instrument && (
        <div className="trade-header__quote">
          <span className={`trade-header__price num ${open ? direction : ''}`} data-testid="last-price">
            {lastPrice(instrument)}
          </span>
          {open ? (
            <span className={`trade-header__change num ${direction}`} data-testid="last-change">
              {changeText(instrument)}
            </span>
          ) : (
            <span className="trade-header__closed" data-testid="market-closed">
              {t('trade.closed_market')}
            </span>
          )}
        </div>
      )}
    </header>
  );
});
