import { z } from 'zod';
import { memberKey, type PersonRecord, type TrackerDb } from '@/db/tracker-db';
import { messageRef, type MessageRef } from '@/domain/message';
import { restoreRecord } from './repo';
import { opsFor, readMetaRecords, readServerRow, requeued, syncTables } from './rows';

/** people_user_name_key: the server already has a live person of that name for the user. */
const UNIQUE_VIOLATION = '23505';

const NOTE_PREFIX = 'member_note:';

/** Kept in `meta` until the user dismisses it: two devices gave one person two relationships. */
const memberNoteSchema = z.object({
  person_id: z.string(),
  name: z.string(),
  /** What the other device had sent first. */
  elsewhere: z.string(),
  /** What this device had, and what the person now has (this device's change landed last). */
  here: z.string(),
});

export type MemberNote = z.infer<typeof memberNoteSchema>;

/**
 * People are unique per user by name. Two devices that add the same new name offline each
 * make a person with their own id; the second to sync is refused with a unique violation,
 * and its links to that person with it. That is not a failure the user should resolve:
 * once the other device's person has been pulled, the refused person is merged into it —
 * its links and its own changes (the relationship) move to the existing person and are sent
 * again under the same op ids (a refused op is not recorded by the server, so it can still
 * apply), and the duplicate goes. When the relationships differ, this device's lands last and
 * wins as any later write does, and a note tells the user what the other device had.
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

      await moveLinks(db, mine.id, theirs.id);
      await movePersonOps(db, mine.id, theirs);
      await db.people.delete(mine.id);
      await restoreRecord(db, 'people', theirs.id);
      const here = (await db.people.get(theirs.id))?.relationship ?? theirs.relationship;
      if (here !== theirs.relationship) {
        await recordMemberNote(db, {
          person_id: theirs.id,
          name: theirs.name,
          elsewhere: theirs.relationship,
          here,
        });
      }
      merged += 1;
    }
    return merged;
  });
}

async function moveLinks(db: TrackerDb, fromId: string, toId: string): Promise<void> {
  // Every queued link change of the duplicate, also those whose local link is gone
  // already (a policy deleted meanwhile): each is sent again for the existing person.
  const linkOps = await db.outbox
    .filter((o) => o.table === 'policy_members' && o.row.person_id === fromId)
    .toArray();
  for (const linkOp of linkOps) {
    const policyId = String(linkOp.row.policy_id);
    await db.outbox.put({
      ...requeued(linkOp),
      record_id: memberKey(policyId, toId),
      row: { ...linkOp.row, person_id: toId },
    });
  }
  const links = await db.policyMembers.where('person_id').equals(fromId).toArray();
  for (const link of links) {
    await db.policyMembers.delete([link.policy_id, fromId]);
    const existing = await db.policyMembers.get([link.policy_id, toId]);
    // Both live: the existing link already says it; otherwise this device's state leads.
    if (!existing || existing.deleted_at !== null || link.deleted_at !== null) {
      await db.policyMembers.put({ ...link, person_id: toId });
    }
  }
}

/**
 * The duplicate's own ops become changes of the existing person: the name is the same and
 * the creation date the server's, so what is left to say is the relationship.
 */
async function movePersonOps(db: TrackerDb, fromId: string, to: PersonRecord): Promise<void> {
  for (const op of await opsFor(db, 'people', fromId)) {
    const { id: _id, name: _name, created_at: _created, ...changes } = op.row;
    // The create repeating the relationship the person already has is no change.
    if ('name' in op.row && changes.relationship === to.relationship) delete changes.relationship;
    if (op.kind === 'upsert' && Object.keys(changes).length === 0) {
      await db.outbox.delete(op.op_id);
      continue;
    }
    await db.outbox.put({ ...requeued(op), record_id: to.id, row: { ...changes, id: to.id } });
  }
}

/** The notes of merged members whose relationships disagreed, by name. */
export async function readMemberNotes(db: TrackerDb): Promise<MemberNote[]> {
  const notes = await readMetaRecords(db, NOTE_PREFIX, memberNoteSchema);
  return notes.sort((a, b) => a.name.localeCompare(b.name));
}

export async function recordMemberNote(db: TrackerDb, note: MemberNote): Promise<void> {
  await db.meta.put({ key: NOTE_PREFIX + note.person_id, value: note });
}

export async function dismissMemberNote(db: TrackerDb, personId: string): Promise<void> {
  await db.meta.delete(NOTE_PREFIX + personId);
}

/**
 * "Ravi was added as Spouse on another device and as Mother on this one; Ravi is now Mother."
 * The sentence is the catalog's; the name and relationships are as the user typed them.
 */
export function describeMemberNote(note: MemberNote): MessageRef {
  return messageRef('tracker.notes.member', {
    name: note.name,
    elsewhere: note.elsewhere,
    here: note.here,
  });
}
