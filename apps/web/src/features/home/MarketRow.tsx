import { MARKET_OPEN, type TradeInstrument } from '@meridian/contract';
import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import { memo, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { logoUrl } from '../markets/logo';
import { changeDirection, changeText, lastPrice } from '../markets/price';
import { Sparkline } from './Sparkline';
import { useInView } from './use-in-view';

interface MarketRowProps {
  instrument: TradeInstrument;
  favourite: boolean;
  onOpen(instrument: TradeInstrument): void;
  onToggleFavourite(code: string): void;
}

/**
 * One quote: a star, then logo, code, small chart, last price, and the day's change or the closed
 * label. The star is its own button beside the row's (a button cannot hold another).
 */
export const MarketRow = memo(function MarketRow({
  instrument,
  favourite,
  onOpen,
  onToggleFavourite,
}: MarketRowProps) {
  const { t } = useTranslation();
  const open = instrument.MarketStatus === MARKET_OPEN;
  const direction = changeDirection(instrument.ForexQuotations.Change);
  const code = instrument.Code;
  // Logo and small chart load once the row comes near the screen: each SVG logo is a document of its
  // own for the browser to parse, and native lazy loading starts them some 1,250 px ahead (29 of the
  // 36 at start on a phone); this way about the dozen rows on screen load theirs.
  const ref = useRef<HTMLLIElement>(null);
  const inView = useInView(ref);
  return (
    <li ref={ref} className="market-item">
      <button
        type="button"
        className={`market-item__star${favourite ? ' market-item__star--on' : ''}`}
        data-testid={`favourite-${code}`}
        aria-label={favourite ? t('home.unfavourite', { code }) : t('home.favourite', { code })}
        onClick={() => onToggleFavourite(code)}
      >
        {favourite ? <StarFill aria-hidden="true" /> : <StarOutline aria-hidden="true" />}
      </button>
      <button
        type="button"
        className="market-row"
        data-testid={`market-row-${code}`}
        onClick={() => onOpen(instrument)}
      >
        {inView ? (
          <img
            className="market-row__logo"
            src={logoUrl(instrument.Logo)}
            alt=""
            width={36}
            height={36}
            decoding="async"
          />
        ) : (
          <span className="market-row__logo market-row__logo--pending" />
        )}
        <span className="market-row__name">
          <span className="market-row__code">{code}</span>
          {instrument.ShowCode !== code && (
            <span className="market-row__show-code">{instrument.ShowCode}</span>
          )}
        </span>
        <Sparkline
          inView={inView}
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
