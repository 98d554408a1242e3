import type { CopyDetail, Order } from '@meridian/contract';
import { useTranslation } from '../../i18n/use-translation';
import { formatFixed } from '../../lib/format';
import { useSettings } from '../../lib/stores/settings';
import { formatDateTime, signedMoney, toMillis, toneOf } from './display';
import { Note } from './parts';

type Side = 'buy' | 'sell';
/** Order type 1 is a buy (long), 2 a sell (short). */
const sideOf = (order: Order): Side => (order.OrderType === 1 ? 'buy' : 'sell');

function SideTag({ side }: { side: Side }) {
  const { t } = useTranslation();
  return (
    <span className={`follow-side follow-side--${side}`}>
      {side === 'buy' ? t('trade.buy') : t('trade.sell')}
    </span>
  );
}

/** The copy's positions, open or closed: code, side, lots, open price and P&L (close price once closed). */
export function CopyOrders({
  orders,
  closed,
  testId,
}: {
  orders: readonly Order[];
  closed: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  if (orders.length === 0) return <Note testId={`${testId}-empty`}>{t('common.no_data')}</Note>;
  return (
    <ul className="follow-rows" data-testid={testId}>
      {orders.map((o) => {
        const precision = o.ForexTradeLists.PricePrecision;
        return (
          <li key={o.Id} className="follow-row" data-testid={`${testId}-${o.Id}`}>
            <span className="follow-row__head">
              <span className="follow-row__code">{o.ForexTradeLists.ShowCode}</span>
              <SideTag side={sideOf(o)} />
              <span className="follow-row__weak">{t('trading.leverage_value', { value: o.Multiple })}</span>
              <bdi
                className={`follow-row__end num ${toneOf(o.FactProfits)}`}
                data-testid={`${testId}-${o.Id}-pnl`}
              >
                {signedMoney(o.FactProfits)}
              </bdi>
            </span>
            <span className="follow-row__facts">
              <span>
                {t('orders.lots')} <b className="num">{o.Quantity}</b>
              </span>
              <span>
                {t('orders.open_price')} <b className="num">{formatFixed(o.OriginPrice, precision)}</b>
              </span>
              {closed ? (
                <>
                  <span>
                    {t('orders.close_price')} <b className="num">{formatFixed(o.Price, precision)}</b>
                  </span>
                  {o.CloseTime !== null && (
                    <span>
                      {t('trading.close_time')} <b>{formatDateTime(o.CloseTime, lang)}</b>
                    </span>
                  )}
                </>
              ) : (
                <span>
                  {t('orders.current_price')} <b className="num">{formatFixed(o.Price, precision)}</b>
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Trades of the provider this copy did not take, each with the server's reason in the reader's language. */
export function SkippedTrades({ trades }: { trades: CopyDetail['skipped_trades'] }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  if (trades.length === 0) return <Note testId="copy-skipped-empty">{t('follow.no_skipped')}</Note>;
  return (
    <ul className="follow-rows" data-testid="copy-skipped">
      {trades.map((s) => (
        <li
          key={`${s.provider_order_id}-${s.at}`}
          className="follow-row"
          data-testid={`skipped-${s.provider_order_id}`}
        >
          <span className="follow-row__head">
            <span className="follow-row__code">{s.code}</span>
            <SideTag side={s.side} />
            <time
              className="follow-row__end follow-row__weak"
              dateTime={new Date(toMillis(s.at)).toISOString()}
            >
              {formatDateTime(s.at, lang)}
            </time>
          </span>
          <span className="follow-row__facts">
            <span>
              {t('follow.provider_lots')} <b className="num">{s.provider_lots}</b>
            </span>
            <span>
              {t('follow.wanted_lots')} <b className="num">{s.wanted_lots}</b>
            </span>
          </span>
          <span className="follow-row__reason" data-testid={`skipped-${s.provider_order_id}-reason`}>
            {s.reason_text}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The copy account's ledger: what moved in and out, and why, newest first. */
export function CopyLedger({ lines }: { lines: CopyDetail['ledger'] }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  if (lines.length === 0) return <Note testId="copy-ledger-empty">{t('common.no_data')}</Note>;
  return (
    <ul className="follow-rows" data-testid="copy-ledger">
      {lines.map((l) => (
        <li key={l.id} className="follow-row" data-testid={`ledger-${l.id}`}>
          <span className="follow-row__head">
            <span className="follow-row__memo">{l.memo}</span>
            <bdi className={`follow-row__end num ${toneOf(l.amount)}`}>{signedMoney(l.amount)}</bdi>
          </span>
          <span className="follow-row__facts">
            <time dateTime={new Date(toMillis(l.created_at)).toISOString()}>
              {formatDateTime(l.created_at, lang)}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}
