import type { ReactElement } from 'react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { vi } from 'vitest';
import { TrackerDb } from '@/db/tracker-db';
import {
  createSyncStatusStore,
  createTrackerRepo,
  startFileTransfers,
  type PolicyView,
  type SyncStatus,
} from '@/sync';
import { createTrackerSessions, type TrackerSessionDeps } from './session';
import { render } from '../../../tests/helpers/render';

/**
 * Renders a tracker screen inside a real router (Links and useNavigate need one). Every path
 * renders the screen, so a navigation shows only in `router.state.location`.
 */
export function renderWithRouter(ui: ReactElement, path = '/policy-tracker') {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '$', component: () => ui });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

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
    ...overrides,
    type,
  };
}

/**
 * Tracker sessions on a real per-user Dexie store and repo, with sync replaced by a status
 * store the test drives and file transfers that never reach a server (unless given).
 */
export function testTrackerSessions(
  options: {
    status?: Partial<SyncStatus>;
    startFiles?: TrackerSessionDeps['startFiles'];
    onOpen?: (db: TrackerDb) => void;
  } = {},
) {
  const statusStore = createSyncStatusStore({
    online: true,
    pending: 0,
    failed: 0,
    syncing: false,
    ...options.status,
  });
  const flush = vi.fn(async () => undefined);
  const sessions = createTrackerSessions({
    openDb: (id) => {
      const db = new TrackerDb(id);
      options.onOpen?.(db);
      return db;
    },
    createRepo: (db, id) =>
      createTrackerRepo(db, id, { requestPersistentStorage: async () => false }),
    startSync: () => ({ flush, stop: vi.fn(), status: statusStore }),
    startFiles:
      options.startFiles ??
      ((id, db) =>
        startFileTransfers({
          userId: id,
          db,
          getClient: () => Promise.reject(new Error('offline')),
          autoStart: false,
        })),
    fallbackConfirm: () => true,
  });
  return { sessions, statusStore, flush };
}
