import type { DrawCurrency } from '@meridian/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { showMessage } from '../../lib/toast';
import { copyText } from '../user/clipboard';
import './funding.css';
import { type ChipProps, ToggleChip } from '../../lib/chip';

/** One chip: a toggle button whose pressed state is the choice (lib/chip.tsx). */
export function Chip(props: ChipProps) {
  return <ToggleChip className="funding-chip" {...props} />;
}

export function KeyValue({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="funding-kv">
      <span className="funding-kv__key">{label}</span>
      <span className="funding-kv__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  const copy = () => {
    copyText(text)
      .then((ok) => {
        if (ok) showMessage('success', t('messages.copy_success'));
      })
      .catch(() => undefined);
  };
  return (
    <button type="button" className="funding-copy" data-testid={testId} onClick={copy}>
      {t('common.copy')}
    </button>
  );
}

export function Card({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <section className="funding-card" data-testid={testId}>
      {title ? <h2 className="funding-card__title">{title}</h2> : null}
      {children}
    </section>
  );
}

/** A tab label tests can find in any language (antd-mobile's tabs take no data attributes). */
export function TabTitle({ testId, text }: { testId: string; text: string }) {
  return <span data-testid={testId}>{text}</span>;
}

/** "USDT (TRC20)"; a coin on its own chain ("BTC") or a bank currency shows just its code. */
export function currencyLabel(c: Pick<DrawCurrency, 'code' | 'protocol'>): string {
  return c.protocol && c.protocol !== c.code ? `${c.code} (${c.protocol})` : c.code;
}
