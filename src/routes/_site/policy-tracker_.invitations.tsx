import { catalogTitle, loadCatalogPart } from '@/lib/i18n';
import { createFileRoute, redirect } from '@tanstack/react-router';
// zod/mini: route checks load with every page (see src/lib/zod-without-eval.ts).
import { z } from 'zod/mini';
import { AuthPending, requireSignedIn, useAuth } from '@/features/auth';
import { TrackerProvider } from '@/features/tracker';
import { InvitationsPage } from '@/features/sharing';
import { invitationTokenPattern, keepInvitationToken } from '@/features/sharing/pending-invitation';

const INVITATIONS = '/policy-tracker/invitations';

// A malformed token is dropped, not an error page: the list of invitations still helps.
const searchSchema = z.object({
  token: z.catch(z.optional(z.string().check(z.regex(invitationTokenPattern))), undefined),
});

/**
 * /policy-tracker/invitations, beside (not inside) the /policy-tracker layout: that layout's
 * guard would send a signed-out visitor to /login with the whole address, the mailed token
 * included, as its redirect. Here the token is taken into memory and out of the address
 * first (replacing the history entry), and only then is the visitor asked to sign in or up,
 * coming back to this page without it.
 */
export const Route = createFileRoute('/_site/policy-tracker_/invitations')({
  // Its screens' texts are not in the catalog every page loads first.
  loader: () => loadCatalogPart('tracker'),
  validateSearch: searchSchema,
  beforeLoad: ({ context, search }) => {
    if (search.token !== undefined) {
      keepInvitationToken(search.token, context.auth.user?.id ?? null);
      throw redirect({ to: INVITATIONS, search: {}, replace: true });
    }
    return requireSignedIn(context.auth, INVITATIONS);
  },
  pendingComponent: AuthPending,
  pendingMs: 0,
  component: InvitationsRoute,
  head: () => ({ meta: [{ title: catalogTitle('sharing.page.title') }] }),
});

function InvitationsRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  if (!user) return null;
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <InvitationsPage />
    </TrackerProvider>
  );
}
