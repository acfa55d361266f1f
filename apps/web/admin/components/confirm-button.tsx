import { useState, type ReactElement } from 'react';
import { Button, Confirm, type ConfirmProps } from 'react-admin';

type ConfirmText = Pick<
  ConfirmProps,
  'content' | 'translateOptions' | 'contentTranslateOptions' | 'confirm' | 'confirmColor'
>;

/**
 * A button that asks first: react-admin's dialog opens, and its confirmation calls `onConfirm`
 * with `close`, to call once the action has settled (the dialog shows `loading` until then).
 */
export function ConfirmButton({
  label,
  title = label,
  color,
  icon,
  loading,
  onConfirm,
  ...text
}: ConfirmText & {
  label: string;
  /** The dialog's title; the button's label by default. */
  title?: string;
  color?: 'error';
  /** Required: on a phone, react-admin's button shows its icon alone (the label is its name). */
  icon: ReactElement;
  loading: boolean;
  onConfirm: (close: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button label={label} color={color} onClick={() => setOpen(true)} disabled={loading}>
        {icon}
      </Button>
      <Confirm
        {...text}
        isOpen={open}
        loading={loading}
        title={title}
        onConfirm={() => onConfirm(close)}
        onClose={close}
      />
    </>
  );
}
