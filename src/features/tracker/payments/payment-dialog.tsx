import { useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';

interface PaymentDialogProps<T> {
  /** What the dialog is about; null closes it. */
  subject: T | null;
  title: string;
  onClose: () => void;
  /** The dialog's body for the subject (a PaymentForm). */
  children: (subject: T) => ReactNode;
}

/**
 * A focus-trapping Mantine Modal around a payment form. It keeps showing the last subject
 * while it fades out, so the form does not vanish mid-transition.
 */
export function PaymentDialog<T>({ subject, title, onClose, children }: PaymentDialogProps<T>) {
  const [shown, setShown] = useState(subject);
  if (subject !== null && subject !== shown) setShown(subject);
  return (
    <Modal opened={subject !== null} onClose={onClose} title={title} centered trapFocus returnFocus>
      {shown !== null ? children(shown) : null}
    </Modal>
  );
}
