import { memberKey, type TrackerDb } from '@/db/tracker-db';
import { opsFor, readServerRow, syncTables } from './rows';

/** people_user_name_key: the server already has a live person of that name for the user. */
const UNIQUE_VIOLATION = '23505';

/**
 * People are unique per user by name. Two devices that add the same new name offline each
 * make a person with their own id; the second to sync is refused with a unique violation,
 * and its links to that person with it. That is not a failure the user should resolve:
 * once the other device's person has been pulled, the refused person is merged into it —
 * its links move to the existing person and are sent again under the same op ids (a
 * refused op is not recorded by the server, so it can still apply), and the duplicate goes.
 *
 * Returns how many people were merged, so the engine knows to push again.
 */
export async function resolvePersonNameClashes(db: TrackerDb): Promise<number> {
  return db.transaction('rw', syncTables(db), async () => {
    const refused = await db.outbox
      .where('status')
      .equals('failed')
      .filter((op) => op.table === 'people' && op.last_error_code === UNIQUE_VIOLATION)
      .toArray();
    let merged = 0;
    for (const op of refused) {
      const mine = await db.people.get(op.record_id);
      if (!mine || (await readServerRow(db, 'people', mine.id))) continue;
      const theirs = await db.people
        .where('name')
        .equals(mine.name)
        .filter((p) => p.id !== mine.id && p.deleted_at === null && p.server_seq > 0)
        .first();
      if (!theirs) continue;

      // Every queued link change of the duplicate, also those whose local link is gone
      // already (a policy deleted meanwhile): each is sent again for the existing person.
      const linkOps = await db.outbox
        .filter((o) => o.table === 'policy_members' && o.row.person_id === mine.id)
        .toArray();
      for (const linkOp of linkOps) {
        const { last_error: _error, last_error_code: _code, ...rest } = linkOp;
        const policyId = String(linkOp.row.policy_id);
        await db.outbox.put({
          ...rest,
          record_id: memberKey(policyId, theirs.id),
          row: { ...linkOp.row, person_id: theirs.id },
          status: 'pending',
        });
      }
      const links = await db.policyMembers.where('person_id').equals(mine.id).toArray();
      for (const link of links) {
        await db.policyMembers.delete([link.policy_id, mine.id]);
        const existing = await db.policyMembers.get([link.policy_id, theirs.id]);
        // Both live: the existing link already says it; otherwise this device's state leads.
        if (!existing || existing.deleted_at !== null || link.deleted_at !== null) {
          await db.policyMembers.put({ ...link, person_id: theirs.id });
        }
      }
      const personOps = await opsFor(db, 'people', mine.id);
      await db.outbox.bulkDelete(personOps.map((o) => o.op_id));
      await db.people.delete(mine.id);
      merged += 1;
    }
    return merged;
  });
}
