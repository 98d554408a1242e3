import { Select, type SelectProps } from 'antd';

/**
 * antd's Select, with its option list named for screen readers. rc-select renders the list
 * (`role="listbox"`, id `<select id>_list`) without a name, which axe reports as a serious failure;
 * the list exists only once opened, so it is named then.
 */
export function LabeledSelect<V>({
  listLabel,
  onOpenChange,
  ...props
}: SelectProps<V> & { listLabel: string }) {
  return (
    <Select<V>
      {...props}
      onOpenChange={(open) => {
        if (open && props.id) {
          const id = props.id;
          requestAnimationFrame(() =>
            document.getElementById(`${id}_list`)?.setAttribute('aria-label', listLabel),
          );
        }
        onOpenChange?.(open);
      }}
    />
  );
}
