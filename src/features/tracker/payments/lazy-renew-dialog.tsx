import { lazyDialog } from '@/lib/lazy-dialog';

/** Mark Renewed's dialog and its payment form loaded when first opened (src/lib/lazy-dialog). */
export const LazyRenewDialog = lazyDialog(
  () => import('./renew-dialog').then((m) => ({ default: m.RenewDialog })),
  (props) => props.policy !== null,
  (props) => ({ ...props, policy: null }),
  {
    close: (props) => props.onCancel(),
    titleId: 'tracker.dialogUnavailable',
    descriptionId: 'tracker.menu.tryAgain',
  },
);
