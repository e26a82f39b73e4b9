import { z } from 'zod';
import { idSchema } from './common';

/**
 * Family sharing (issue 18): shares, invitations and what sync_pull says about them, as the
 * sharing functions answer them (supabase/migrations/20261127090100_sharing_rpc.sql and
 * 20261127090200_sync_sharing.sql). A null policy_id means every policy of the owner,
 * including ones added later.
 */
export const shareRoleValues = ['viewer', 'editor'] as const;
export const shareRoleSchema = z.enum(shareRoleValues, { error: 'Choose viewer or editor' });
export type ShareRole = z.infer<typeof shareRoleSchema>;

/** Timestamps as PostgreSQL's JSON writes them (with or without a colon in the offset). */
const jsonTimestampSchema = z.string().min(1);

export const policyShareSchema = z.object({
  id: idSchema,
  owner_id: idSchema,
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  recipient_id: idSchema,
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  policy_id: idSchema.nullable(),
  /** "Insurer · number" of a one-policy share; null for all policies. */
  policy_label: z.string().nullable(),
  role: shareRoleSchema,
  reminders_enabled: z.boolean(),
  created_at: jsonTimestampSchema,
  updated_at: jsonTimestampSchema,
});
export type PolicyShare = z.infer<typeof policyShareSchema>;

export const shareInvitationStatusValues = [
  'pending',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;

export const shareInvitationSchema = z.object({
  id: idSchema,
  owner_id: idSchema,
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  email: z.string(),
  policy_id: idSchema.nullable(),
  policy_label: z.string().nullable(),
  role: shareRoleSchema,
  status: z.enum(shareInvitationStatusValues),
  created_at: jsonTimestampSchema,
  expires_at: jsonTimestampSchema,
  responded_at: jsonTimestampSchema.nullable(),
});
export type ShareInvitation = z.infer<typeof shareInvitationSchema>;

/** list_share_invitations(): what the caller sent and what was sent to their address. */
export const shareInvitationListSchema = z.object({
  sent: z.array(shareInvitationSchema),
  received: z.array(shareInvitationSchema),
});

/** list_policy_access(): who has access (and who is invited) to a policy, or to everything. */
export const policyAccessSchema = z.object({
  shares: z.array(policyShareSchema),
  invitations: z.array(shareInvitationSchema),
});

/** One live policy the caller may read through a share, with their role on it. */
export const sharedPolicySchema = z.object({
  policy_id: idSchema,
  owner_id: idSchema,
  role: shareRoleSchema,
});
export type SharedPolicy = z.infer<typeof sharedPolicySchema>;

/** The refusals of the sharing functions and of sync_push on shared rows (SQLSTATEs). */
export const shareErrorCodes = {
  inviteSelf: 'SH001',
  invalidEmail: 'SH002',
  duplicateInvite: 'SH003',
  expired: 'SH004',
  withdrawn: 'SH005',
  declined: 'SH006',
  alreadyAccepted: 'SH007',
  otherAddress: 'SH008',
  notFound: 'SH009',
  invalidRole: 'SH010',
  tooManyInvites: 'SH011',
  alreadyShared: 'SH012',
  mailFailed: 'SH013',
  viewOnly: 'SH101',
  ownerOnly: 'SH102',
  notShared: 'SH103',
} as const;
