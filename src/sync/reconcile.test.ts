import { describe, expect, it } from 'vitest';
import { newerServerRow, reconcile, type PendingOp, type SyncRow } from './reconcile';

const server: SyncRow = {
  id: 'p1',
  user_id: 'u1',
  insurer_name: 'Star Health',
  policy_number: 'SH-1',
  renewal_frequency: 'monthly',
  start_date: '2024-01-31',
  next_renewal_date: '2025-01-31',
  premium_amount: 1000,
  created_at: '2025-01-01T00:00:00.000+00:00',
  updated_at: '2025-01-01T00:00:00.000+00:00',
  deleted_at: null,
  server_seq: 10,
};

const at = '2025-02-01T00:00:00.000Z';
const upsert = (row: SyncRow): PendingOp => ({ kind: 'upsert', row, created_at: at });
const renew = (from: string): PendingOp => ({
  kind: 'renew',
  row: { id: 'p1' },
  renewed_from: from,
  created_at: at,
});
const del: PendingOp = { kind: 'delete', row: { id: 'p1' }, created_at: at };

describe('reconcile', () => {
  it('takes the server copy as it is when nothing is pending', () => {
    const local = { ...server, insurer_name: 'stale', server_seq: 3 };
    expect(reconcile('policies', local, server, [])).toEqual(server);
  });

  it('keeps unsent local fields over the server copy, other fields follow the server', () => {
    const remote = { ...server, policy_number: 'SH-2', premium_amount: 2000, server_seq: 11 };
    const result = reconcile('policies', server, remote, [upsert({ id: 'p1', premium_amount: 5 })]);
    expect(result).toMatchObject({ policy_number: 'SH-2', premium_amount: 5, server_seq: 11 });
  });

  it('replays pending edits in outbox order: the later write of a field wins', () => {
    const result = reconcile('policies', server, server, [
      upsert({ id: 'p1', insurer_name: 'A' }),
      upsert({ id: 'p1', insurer_name: 'B' }),
    ]);
    expect(result?.insurer_name).toBe('B');
  });

  it('never lets an upsert overwrite server-owned columns', () => {
    const result = reconcile('policies', server, server, [
      upsert({ id: 'p1', user_id: 'u2', server_seq: 99, deleted_at: at, created_at: at }),
    ]);
    expect(result).toMatchObject({ user_id: 'u1', server_seq: 10, deleted_at: null });
    expect(result?.created_at).toBe(server.created_at);
  });

  it('applies a pending renewal only while the date still equals renewed_from', () => {
    expect(reconcile('policies', server, server, [renew('2025-01-31')])?.next_renewal_date).toBe(
      '2025-02-28',
    );
    // Another device renewed first (or the server already applied this one): no second step.
    const moved = { ...server, next_renewal_date: '2025-02-28', server_seq: 12 };
    expect(reconcile('policies', server, moved, [renew('2025-01-31')])?.next_renewal_date).toBe(
      '2025-02-28',
    );
  });

  it('chains renewals made one after another on one device', () => {
    const result = reconcile('policies', server, server, [
      renew('2025-01-31'),
      renew('2025-02-28'),
    ]);
    // Started on the 31st: 28 Feb, then the month's end again, as the server renews it.
    expect(result?.next_renewal_date).toBe('2025-03-31');
  });

  it('uses the frequency the pending edits leave, as the server would', () => {
    const result = reconcile('policies', server, server, [
      upsert({ id: 'p1', renewal_frequency: 'yearly' }),
      renew('2025-01-31'),
    ]);
    expect(result?.next_renewal_date).toBe('2026-01-31');
  });

  it('delete wins: a server tombstone removes the local row even with pending edits', () => {
    const tombstone = { ...server, deleted_at: at, server_seq: 20 };
    expect(
      reconcile('policies', server, tombstone, [upsert({ id: 'p1', insurer_name: 'X' })]),
    ).toBe(null);
    expect(reconcile('policies', server, tombstone, [renew('2025-01-31')])).toBe(null);
  });

  it('a pending delete keeps a local tombstone until the server confirms', () => {
    const remote = { ...server, insurer_name: 'Changed elsewhere', server_seq: 11 };
    const result = reconcile('policies', server, remote, [del]);
    expect(result).toMatchObject({ deleted_at: at, insurer_name: 'Changed elsewhere' });
    // Edits queued after the delete do not bring it back.
    expect(
      reconcile('policies', server, remote, [del, upsert({ id: 'p1', insurer_name: 'Y' })]),
    ).toMatchObject({ deleted_at: at, insurer_name: 'Changed elsewhere' });
  });

  it('a row the server never saw lives on its pending ops and goes without them', () => {
    const local = { ...server, server_seq: 0 };
    expect(reconcile('policies', local, null, [upsert(local)])).toEqual(local);
    expect(reconcile('policies', local, null, [])).toBe(null);
    expect(reconcile('policies', undefined, null, [upsert({ id: 'p1' })])).toBe(null);
  });

  describe('policy_members (a set: the last pending op decides)', () => {
    const link: SyncRow = {
      policy_id: 'p1',
      person_id: 'm1',
      user_id: 'u1',
      created_at: at,
      updated_at: at,
      deleted_at: null,
      server_seq: 5,
    };
    const add: PendingOp = {
      kind: 'upsert',
      row: { policy_id: 'p1', person_id: 'm1' },
      created_at: at,
    };
    const remove: PendingOp = {
      kind: 'delete',
      row: { policy_id: 'p1', person_id: 'm1' },
      created_at: at,
    };

    it('re-adding a link the server removed keeps it', () => {
      const tombstone = { ...link, deleted_at: at, server_seq: 6 };
      expect(reconcile('policy_members', link, tombstone, [add])).toMatchObject({
        deleted_at: null,
        server_seq: 6,
      });
    });

    it('removing a link keeps a local tombstone until acknowledged', () => {
      expect(reconcile('policy_members', link, link, [remove])?.deleted_at).toBe(at);
      expect(reconcile('policy_members', link, link, [remove, add])?.deleted_at).toBe(null);
    });

    it('without pending ops follows the server, tombstones dropped', () => {
      expect(reconcile('policy_members', undefined, link, [])).toEqual(link);
      expect(reconcile('policy_members', link, { ...link, deleted_at: at }, [])).toBe(null);
      expect(reconcile('policy_members', link, null, [])).toBe(null);
    });
  });

  it('is deterministic: the same inputs give the same row', () => {
    const pending = [upsert({ id: 'p1', insurer_name: 'Z' }), renew('2025-01-31')];
    expect(reconcile('policies', server, server, pending)).toEqual(
      reconcile('policies', { ...server }, { ...server }, [...pending]),
    );
  });
});

describe('newerServerRow', () => {
  it('keeps the copy with the higher server_seq; a stale replayed answer loses', () => {
    const newer = { ...server, server_seq: 12 };
    expect(newerServerRow(newer, server)).toBe(newer);
    expect(newerServerRow(server, newer)).toBe(newer);
    expect(newerServerRow(undefined, server)).toBe(server);
    expect(newerServerRow(server, null)).toBe(server);
    expect(newerServerRow(null, null)).toBe(null);
  });

  describe('policy documents', () => {
    const doc: SyncRow = {
      id: 'd1',
      user_id: 'u1',
      policy_id: 'p1',
      name: 'E-card.pdf',
      mime_type: 'application/pdf',
      size: 1000,
      storage_path: 'u1/p1/d1',
      created_at: '2025-01-01T00:00:00.000+00:00',
      updated_at: '2025-01-01T00:00:00.000+00:00',
      deleted_at: null,
      server_seq: 20,
    };

    it('keeps an unsent rename, but never an unsent storage path', () => {
      const pending = upsert({ id: 'd1', name: 'Hospital e-card', storage_path: 'u2/p9/d1' });
      expect(reconcile('policy_documents', doc, doc, [pending])).toEqual({
        ...doc,
        name: 'Hospital e-card',
      });
    });

    it('drops the local copy once the server deleted it, even with a rename pending', () => {
      const tombstone = { ...doc, deleted_at: at, server_seq: 21 };
      const pending = upsert({ id: 'd1', name: 'Renamed offline' });
      expect(reconcile('policy_documents', doc, tombstone, [pending])).toBeNull();
    });
  });
});
