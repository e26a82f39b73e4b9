import type { PolicyView } from '@/sync';

export { renderWithRouter } from '../../../tests/helpers/render';
export { testTrackerSessions } from '../../../tests/helpers/tracker-sessions';

export const HEALTH_TYPE = {
  id: '6f1a0c2e-0000-4000-8000-000000000002',
  name: 'Health',
  icon: 'HeartPulse',
};
export const VEHICLE_TYPE = {
  id: '6f1a0c2e-0000-4000-8000-000000000001',
  name: 'Vehicle',
  icon: 'Car',
};

let counter = 0;

export function policyView(overrides: Partial<PolicyView> = {}): PolicyView {
  counter += 1;
  const type = overrides.type === undefined ? HEALTH_TYPE : overrides.type;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    user_id: '11111111-1111-4111-8111-111111111111',
    policy_type_id: type?.id ?? null,
    insurer_name: `Insurer ${counter}`,
    policy_number: `PN-${counter}`,
    product_name: null,
    start_date: '2025-01-01',
    next_renewal_date: '2026-12-31',
    renewal_frequency: 'yearly',
    sum_insured: null,
    premium_amount: null,
    additional_details: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    deleted_at: null,
    server_seq: 1,
    members: [],
    sync: 'synced',
    failedOps: [],
    shared: null,
    ...overrides,
    type,
  };
}
