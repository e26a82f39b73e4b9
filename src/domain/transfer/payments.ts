import { paymentModeLabel, type PaymentMode } from '../schemas';

/** A payment as the files carry it: no ids (the policy entry it sits in says whose it is). */
export interface TransferPayment {
  paid_on: string;
  amount: number;
  mode: PaymentMode | null;
  reference: string | null;
}

const byDateThenValues = (a: TransferPayment, b: TransferPayment) =>
  a.paid_on.localeCompare(b.paid_on) ||
  a.amount - b.amount ||
  (a.mode ?? '').localeCompare(b.mode ?? '') ||
  (a.reference ?? '').localeCompare(b.reference ?? '');

/**
 * Oldest first, ties by the other values: the same payments export in the same order from any
 * account (ids and the store's order differ), so an export, imported and exported again, is
 * identical.
 */
export function sortedPayments(payments: readonly TransferPayment[]): TransferPayment[] {
  return payments
    .map((p) => ({ paid_on: p.paid_on, amount: p.amount, mode: p.mode, reference: p.reference }))
    .sort(byDateThenValues);
}

/** Rupees, summed in paise so 0.1 + 0.2 stays 0.3. */
export function totalPaid(payments: readonly Pick<TransferPayment, 'amount'>[]): number {
  return payments.reduce((paise, p) => paise + Math.round(p.amount * 100), 0) / 100;
}

/** The CSV's Payments cell: "2025-11-24 18500 UPI ref UTR-1; 2026-11-20 19000". */
export function paymentsCell(payments: readonly TransferPayment[]): string {
  return payments
    .map((p) =>
      [
        p.paid_on,
        String(p.amount),
        p.mode ? paymentModeLabel(p.mode) : null,
        p.reference ? `ref ${p.reference}` : null,
      ]
        .filter((part) => part !== null)
        .join(' '),
    )
    .join('; ');
}

const paymentKey = (p: Pick<TransferPayment, 'paid_on' | 'amount'>) =>
  `${p.paid_on}\u0000${Math.round(p.amount * 100)}`;

/**
 * The payments of `wanted` that `saved` does not have yet. The same date and amount is the
 * same payment (its mode or reference may have been edited since), and each saved payment
 * stands for one wanted payment only: a file listing two equal payments records both, and
 * importing the same file again records neither.
 */
export function unsavedPayments<P extends Pick<TransferPayment, 'paid_on' | 'amount'>>(
  wanted: readonly P[],
  saved: readonly Pick<TransferPayment, 'paid_on' | 'amount'>[],
): P[] {
  const left = new Map<string, number>();
  for (const payment of saved) {
    left.set(paymentKey(payment), (left.get(paymentKey(payment)) ?? 0) + 1);
  }
  return wanted.filter((payment) => {
    const key = paymentKey(payment);
    const count = left.get(key) ?? 0;
    if (count === 0) return true;
    left.set(key, count - 1);
    return false;
  });
}
