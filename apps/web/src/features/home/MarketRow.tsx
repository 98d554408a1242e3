import { MARKET_OPEN, type TradeInstrument } from '@meridian/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { logoUrl } from '../markets/logo';
import { changeDirection, changeText, lastPrice } from '../markets/price';
import { Sparkline } from './Sparkline';

interface MarketRowProps {
  instrument: TradeInstrument;
  onOpen(instrument: TradeInstrument): void;
}

/** One quote: logo, code, small chart, last price, and the day's change or the closed label. */
export const MarketRow = memo(function MarketRow({ instrument, onOpen }: MarketRowProps) {
  const { t } = useTranslation();
  const open = instrument.MarketStatus === MARKET_OPEN;
  const direction = changeDirection(instrument.ForexQuotations.Change);
  return (
    <li>
      <button
        type="button"
        className="market-row"
        data-testid={`market-row-${instrument.Code}`}
        onClick={() => onOpen(instrument)}
      >
        <img className="market-row__logo" src={logoUrl(instrument.Logo)} alt="" width={36} height={36} />
        <span className="market-row__name">
          <span className="market-row__code">{instrument.Code}</span>
          {instrument.ShowCode !== instrument.Code && (
            <span className="market-row__show-code">{instrument.ShowCode}</span>
          )}
        </span>
        <Sparkline
          forexId={instrument.Id}
          last={Number(instrument.ForexQuotations.Close)}
          direction={open ? direction : 'flat'}
        />
        <span className="market-row__quote">
          <span className={`market-row__price num ${open ? direction : ''}`} data-testid="row-price">
            {lastPrice(instrument)}
          </span>
          {open ? (
            <span className={`market-row__change num market-row__change--${direction}`}>
              {changeText(instrument)}
            </span>
          ) : (
            <span className="market-row__change market-row__change--closed">{t('home.closed')}</span>
          )}
        </span>
      </button>
    </li>
  );
});
