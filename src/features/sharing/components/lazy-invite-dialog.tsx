import { lazyDialog } from '@/lib/lazy-dialog';

/** The invite dialog, its form and its checks loaded when first opened (src/lib/lazy-dialog). */
export const LazyInviteDialog = lazyDialog(
  () => import('./invite-dialog').then((m) => ({ default: m.InviteDialog })),
  (props) => props.opened,
  (props) => ({ ...props, opened: false }),
  {
    close: (props) => props.onClose(),
    titleId: 'tracker.dialogUnavailable',
    descriptionId: 'tracker.menu.tryAgain',
  },
);
