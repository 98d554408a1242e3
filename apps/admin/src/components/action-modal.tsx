import { Form, type FormInstance, Input, Modal } from 'antd';
import { type ReactNode, useRef } from 'react';
import { t } from '../i18n';

export interface ActionModalProps<V> {
  open: boolean;
  title: string;
  /** The confirming button's text: the action's own name ("Approve", "Reject", ...). */
  okText: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (values: V) => void;
  onCancel: () => void;
  children?: ReactNode;
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  width?: number;
}

/**
 * A confirmation dialog with a form (antd's form-in-modal pattern: the confirming button submits the
 * form): it shows loading while the call runs and cannot be pressed twice; Enter in a field submits.
 */
export function ActionModal<V extends object>(props: ActionModalProps<V>) {
  const [own] = Form.useForm<V>();
  const form = props.form ?? own;
  // While it animates out, the dialog keeps the title and content it had (never a nameless dialog).
  const last = useRef(props);
  if (props.open) last.current = props;
  const view = props.open ? props : last.current;
  return (
    <Modal
      open={props.open}
      title={view.title}
      okText={view.okText}
      cancelText={t.common.cancel}
      okButtonProps={{ danger: view.danger, loading: props.pending, htmlType: 'submit' }}
      cancelButtonProps={{ disabled: props.pending }}
      onCancel={() => {
        if (!props.pending) props.onCancel();
      }}
      maskClosable={false}
      destroyOnHidden
      width={view.width}
      modalRender={(node) => (
        <Form<V>
          form={form}
          layout="vertical"
          preserve={false}
          clearOnDestroy
          initialValues={view.initialValues}
          onFinish={(values) => {
            if (!props.pending) props.onSubmit(values);
          }}
          requiredMark
        >
          {node}
        </Form>
      )}
    >
      {view.children}
    </Modal>
  );
}

/** "Reason", required (3 to 200 characters) or optional; `help` says who reads it. */
export function ReasonField({
  required,
  help,
  autoFocus = true,
}: {
  required: boolean;
  help?: string;
  autoFocus?: boolean;
}) {
  return (
    <Form.Item
      name="reason"
      label={t.common.reason}
      extra={help ?? (required ? t.common.reasonAudit : t.common.reasonOptional)}
      rules={
        required
          ? [
              { required: true, whitespace: true, message: t.validation.reasonLength },
              { min: 3, max: 200, message: t.validation.reasonLength },
            ]
          : [{ max: 200, message: t.validation.reasonLength }]
      }
    >
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={200} showCount autoFocus={autoFocus} />
    </Form.Item>
  );
}
