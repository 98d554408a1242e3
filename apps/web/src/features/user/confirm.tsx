import Dialog from 'antd-mobile/es/components/dialog';
import { i18n } from '../../i18n';

/**
 * A translated yes/no dialog. The buttons carry classes (`dialog-confirm`, `dialog-cancel`) because
 * antd-mobile's actions take no data attributes and tests must find them in any language. Escape
 * answers no, like Cancel (antd-mobile's dialogs do not listen to the keyboard).
 */
export function confirmDialog(content: string): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      document.removeEventListener('keydown', onKey);
      resolve(answer);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      done(false);
      handler.close();
    };
    const handler = Dialog.show({
      content: <div className="dialog-text">{content}</div>,
      closeOnMaskClick: true,
      onClose: () => done(false),
      actions: [
        [
          {
            key: 'cancel',
            text: i18n.t('common.cancel'),
            className: 'dialog-cancel',
            onClick: () => {
              done(false);
              handler.close();
            },
          },
          {
            key: 'confirm',
            text: i18n.t('common.confirm'),
            bold: true,
            className: 'dialog-confirm',
            onClick: () => {
              done(true);
              handler.close();
            },
          },
        ],
      ],
    });
    document.addEventListener('keydown', onKey);
  });
}
