import type { ShareRole } from '../schemas';

/**
 * What the user may do with a policy (issue 18): everything with their own; with one shared
 * with them, what their role allows. The server decides (sync_push refuses the rest, SH101 /
 * SH102); the screens only leave out what would be refused.
 */
export interface PolicyPermissions {
  edit: boolean;
  renew: boolean;
  delete: boolean;
  /** Record a payment, and edit one. */
  recordPayments: boolean;
  deletePayments: boolean;
  addDocuments: boolean;
  renameDocuments: boolean;
  deleteDocuments: boolean;
  /** Invite people to it and change its sharing. */
  share: boolean;
}

/** `role` is null for the user's own policy. */
export function policyPermissions(role: ShareRole | null): PolicyPermissions {
  const owner = role === null;
  const editor = owner || role === 'editor';
  return {
    edit: editor,
    renew: editor,
    delete: owner,
    recordPayments: editor,
    deletePayments: owner,
    addDocuments: owner,
    renameDocuments: editor,
    deleteDocuments: owner,
    share: owner,
  };
}
