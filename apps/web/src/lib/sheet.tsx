import Popup from 'antd-mobile/es/components/popup';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import './sheet.css';

/**
 * Escape calls `onEscape` while `active`: every sheet, drawer and dialog of the app closes with it
 * (antd-mobile's popups do not listen to the keyboard).
 */
export function useEscape(active: boolean, onEscape: () => void): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  // A layout effect: listening from the commit that shows the sheet. A sheet that mounts open (its
  // code loaded on first use) commits outside any event, and a passive effect then ran after the
  // paint: an Escape pressed in between was lost (a test pressed it as soon as the sheet appeared).
  useLayoutEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}

/**
 * While a dialog is open, keyboard focus starts inside it; when it closes, focus goes back to what
 * opened it, so a keyboard or screen-reader user is never left at the top of the page.
 */
export function useDialogFocus<T extends HTMLElement = HTMLDivElement>(open: boolean): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The popup is rendered into the body on this commit; focus it once it is there.
    const frame = requestAnimationFrame(() => ref.current?.focus({ preventScroll: true }));
    return () => {
      cancelAnimationFrame(frame);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
  return ref;
}

interface SheetProps {
  visible: boolean;
  onClose(): void;
  /** The sheet's heading, which also names the dialog. */
  title: ReactNode;
  /** Shown beside the title (a side badge, the P&L). */
  headerExtra?: ReactNode;
  position?: 'bottom' | 'left' | 'right';
  /** The close icon's name, when "Close" alone could be mistaken (the order sheet also closes positions). */
  closeLabel?: string;
  bodyClassName?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A bottom sheet or side drawer as a real dialog: named by its heading, focus moved in and back,
 * closed by Escape, the mask, or the named close icon in its header (never by a look-alike button).
 */
export function Sheet({
  visible,
  onClose,
  title,
  headerExtra,
  position = 'bottom',
  closeLabel,
  bodyClassName,
  testId,
  children,
}: SheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useDialogFocus(visible);
  useEscape(visible, onClose);
  return (
    <Popup
      visible={visible}
      position={position}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName={`sheet sheet--${position}${bodyClassName ? ` ${bodyClassName}` : ''}`}
    >
      <div
        ref={ref}
        className="sheet__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="sheet__head">
          <h2 className="sheet__title" id={titleId}>
            {title}
          </h2>
          {headerExtra}
          <button
            type="button"
            className="sheet__close"
            aria-label={closeLabel ?? t('common.close')}
            data-testid={testId ? `${testId}-dismiss` : undefined}
            onClick={onClose}
          >
            <CloseOutline aria-hidden="true" />
          </button>
        </header>
        {children}
      </div>
    </Popup>
  );
}
