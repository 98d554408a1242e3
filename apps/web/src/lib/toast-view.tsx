/** The antd-mobile toasts behind lib/toast, which loads this module at the first toast. */
import Toast from 'antd-mobile/es/components/toast';

/** Server messages can be long unbroken strings (order ids, addresses): let them wrap anywhere. */
export function showMessage(kind: 'success' | 'error' | 'info', text: string): void {
  Toast.show({
    icon: kind === 'info' ? undefined : kind === 'success' ? 'success' : 'fail',
    content: <div className="toast-text">{text}</div>,
    duration: kind === 'error' ? 2500 : 2000,
  });
}

export function showLoading(): void {
  Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
}

export function hideLoading(): void {
  Toast.clear();
}
