import type { ListItemProps } from 'antd-mobile/es/components/list';
import List from 'antd-mobile/es/components/list';
import type { ReactNode } from 'react';

type ActionItemProps = Omit<ListItemProps, 'onClick' | 'clickable' | 'children'> & {
  /** The visible label: the button's text and so its name. */
  children: ReactNode;
  onClick(): void;
  /** On the button, which tests and assistive technology press. */
  testId?: string;
  /** On the whole row, for tests reading its text (label, description, extra). */
  itemTestId?: string;
  /** Extra name parts or state, e.g. aria-current on the chosen language. */
  current?: boolean;
};

/**
 * A tappable list row that is a real button: antd-mobile's clickable List.Item is an `<a>` with no
 * href, which the keyboard cannot reach and assistive technology does not call a button. The row
 * keeps antd-mobile's look; the button's ::after covers it, so a tap anywhere on it presses the button.
 */
export function ActionItem({
  children,
  onClick,
  testId,
  itemTestId,
  current,
  className,
  ...item
}: ActionItemProps) {
  return (
    <List.Item
      {...item}
      className={`action-item${className ? ` ${className}` : ''}`}
      data-testid={itemTestId}
      arrowIcon={item.arrowIcon ?? true}
    >
      <button
        type="button"
        className="action-item__button"
        data-testid={testId}
        aria-current={current ? 'true' : undefined}
        onClick={onClick}
      >
        {children}
      </button>
    </List.Item>
  );
}
