import type { ShareInvitation } from '@/domain/schemas/share';

export const PRIYA = '11111111-1111-4111-8111-111111111111';

/** Priya's waiting invitation to ravi@example.com to view all her policies, with `fields` changed. */
export function invitationFrom(fields: Partial<ShareInvitation> = {}): ShareInvitation {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    owner_id: PRIYA,
    owner_name: 'Priya',
    owner_email: 'priya@example.com',
    email: 'ravi@example.com',
    policy_id: null,
    policy_label: null,
    role: 'viewer',
    status: 'pending',
    created_at: '2026-11-26T10:00:00+00:00',
    expires_at: '2026-12-10T10:00:00+00:00',
    responded_at: null,
    ...fields,
  };
}
