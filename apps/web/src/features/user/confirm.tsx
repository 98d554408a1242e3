import { Dialog } from 'antd-mobile';
import { i18n } from '../../i18n';

/**
 * A translated yes/no dialog. The buttons carry classes (`dialog-confirm`, `dialog-cancel`) because
 * antd-mobile's actions take no data attributes and tests must find them in any language.
 */
export function confirmDialog(content: string): Promise<boolean> {
  return new Promise((resolve) => {
    const handler = Dialog.show({
      content: <div className="dialog-text">{content}</div>,
      closeOnMaskClick: true,
      onClose: () => resolve(false),
      actions: [
        [
          {
            key: 'cancel',
            text: i18n.t('common.cancel'),
            className: 'dialog-cancel',
            onClick: () => {
              resolve(false);
              handler.close();
            },
          },
          {
            key: 'confirm',
            text: i18n.t('common.confirm'),
            bold: true,
            className: 'dialog-confirm',
            onClick: () => {
              resolve(true);
              handler.close();
            },
          },
        ],
      ],
    });
  });
}
