import { isRtl, MARKET_OPEN, type TradeInstrument } from '@meridian/contract';
import { useTranslation } from '../../i18n/use-translation';
import { Sheet } from '../../lib/sheet';
import { useSettings } from '../../lib/stores/settings';
import { logoUrl } from '../markets/logo';
import { changeDirection, changeText, lastPrice } from '../markets/price';

interface InstrumentDrawerProps {
  visible: boolean;
  instruments: readonly TradeInstrument[];
  selectedId: number | null;
  onSelect(instrument: TradeInstrument): void;
  onClose(): void;
}

/** Every instrument with its price, sliding in from the reading start edge (the right in Arabic). */
export function InstrumentDrawer({
  visible,
  instruments,
  selectedId,
  onSelect,
  onClose,
}: InstrumentDrawerProps) {
  const { t } = useTranslation();
  const rtl = isRtl(useSettings((s) => s.lang));
  return (
    <Sheet
      visible={visible}
      position={rtl ? 'right' : 'left'}
      onClose={onClose}
      title={t('trade.instruments')}
      bodyClassName="instrument-drawer"
      testId="instrument-drawer"
    >
      <ul className="instrument-drawer__list">
        {instruments.map((inst) => {
          const open = inst.MarketStatus === MARKET_OPEN;
          const direction = changeDirection(inst.ForexQuotations.Change);
          return (
            <li key={inst.Id}>
              <button
                type="button"
                className={`instrument-drawer__item${inst.Id === selectedId ? ' instrument-drawer__item--active' : ''}`}
                data-testid={`drawer-item-${inst.Code}`}
                aria-current={inst.Id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(inst)}
              >
                <img src={logoUrl(inst.Logo)} alt="" width={24} height={24} />
                <span className="instrument-drawer__code">{inst.Code}</span>
                <span className="instrument-drawer__quote">
                  <span className={`num ${open ? direction : ''}`}>{lastPrice(inst)}</span>
                  {open ? (
                    <span className={`instrument-drawer__change num ${direction}`}>{changeText(inst)}</span>
                  ) : (
                    <span className="instrument-drawer__change instrument-drawer__change--closed">
                      {t('home.closed')}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Sheet>
  );
}
