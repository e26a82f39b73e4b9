// What happens to a device's queued work when the server refuses it for a reason the device
// can mend by itself (a name another device took) or the user can mend by editing (a type the
// admin removed): nothing the user entered is lost, and what could not be kept is said.
import crypto from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { said } from '../../helpers/catalogs';
import { forEachDatabase } from '../../helpers/server';
import { describeMemberNote, readMemberNotes, readPolicies } from '../../../src/sync';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  signUpUser,
  type Device,
  type TestUser,
  HEALTH,
  policyInput,
} from './harness';

const policy = policyInput;

forEachDatabase('sync merges', { seedFile: path.resolve('supabase/seed.sql') }, (ctx) => {
  let user: TestUser;
  const devices: Device[] = [];

  async function device(name: string): Promise<Device> {
    const d = await createDevice(ctx.server, user, name);
    devices.push(d);
    return d;
  }

  beforeAll(async () => {
    user = await signUpUser(ctx.server);
  });

  afterEach(() => {
    for (const d of devices.splice(0)) closeDevice(d);
  });

  it('one member added with two relationships on two devices: one person, both links, a note', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    const spouse = await laptop.repo.savePolicy(
      policy({ policy_number: 'RAVI-1', members: [{ name: 'Ravi', relationship: 'Spouse' }] }),
    );
    await flushUntilIdle(laptop);
    const mother = await phone.repo.savePolicy(
      policy({ policy_number: 'RAVI-2', members: [{ name: 'Ravi', relationship: 'Mother' }] }),
    );
    await flushUntilIdle(phone);
    await flushUntilIdle(laptop);

    const people = await ctx.server.query<{ id: string; relationship: string }>(
      `select id::text as id, relationship from public.people
        where user_id = $1 and name = 'Ravi' and deleted_at is null`,
      [user.id],
    );
    expect(people).toHaveLength(1);
    const ravi = people[0] ?? { id: '', relationship: '' };
    const links = await ctx.server.query<{ policy_id: string }>(
      `select policy_id::text as policy_id from public.policy_members
        where person_id = $1 and deleted_at is null order by policy_id`,
      [ravi.id],
    );
    expect(links.map((l) => l.policy_id)).toEqual([spouse, mother].sort());
    // The phone's relationship reached the server last, so it stands, on both devices.
    expect(ravi.relationship).toBe('Mother');
    for (const d of [phone, laptop]) {
      expect(d.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
      const views = await readPolicies(d.db);
      expect(views.map((v) => v.members)).toEqual([
        [{ person_id: ravi.id, name: 'Ravi', relationship: 'Mother' }],
        [{ person_id: ravi.id, name: 'Ravi', relationship: 'Mother' }],
      ]);
    }
    const notes = await readMemberNotes(phone.db);
    expect(notes.map((note) => said(describeMemberNote(note)))).toEqual([
      'Ravi was added as Spouse on another device and as Mother on this one; Ravi is now Mother. ' +
        'Edit a policy covering Ravi to change it.',
    ]);
  });

  it('the same relationship on two devices merges without a note', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    await laptop.repo.savePolicy(
      policy({ policy_number: 'ASHA-1', members: [{ name: 'Asha', relationship: 'Self' }] }),
    );
    await flushUntilIdle(laptop);
    await phone.repo.savePolicy(
      policy({ policy_number: 'ASHA-2', members: [{ name: 'Asha', relationship: 'Self' }] }),
    );
    await flushUntilIdle(phone);
    expect(phone.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
    expect(await readMemberNotes(phone.db)).toEqual([]);
  });

  it('a create refused for a removed type goes through once the user picks another type', async () => {
    const phone = await device('phone');
    const pet = crypto.randomUUID();
    await ctx.server.query(
      `insert into public.policy_types (id, name, icon, user_id) values ($1, 'Pet', null, null)`,
      [pet],
    );
    await flushUntilIdle(phone);
    const id = await phone.repo.savePolicy(
      policy({
        policy_type_id: pet,
        policy_number: 'PET-1',
        members: [{ name: 'Bruno', relationship: 'Pet' }],
      }),
    );
    await ctx.server.query('delete from public.policy_types where id = $1', [pet]);
    await flushUntilIdle(phone);
    const refused = (await readPolicies(phone.db)).find((p) => p.id === id);
    expect(refused?.sync).toBe('failed');

    await phone.repo.savePolicy(
      policy({
        id,
        policy_number: 'PET-1',
        policy_type_id: HEALTH,
        members: [{ name: 'Bruno', relationship: 'Pet' }],
      }),
    );
    await flushUntilIdle(phone);
    expect(phone.engine.status.get()).toMatchObject({ pending: 0, failed: 0 });
    const rows = await ctx.server.query<Record<string, unknown>>(
      `select p.policy_type_id::text as type, p.insurer_name, p.policy_number,
              (select count(*)::int from public.policy_members m
                where m.policy_id = p.id and m.deleted_at is null) as members
         from public.policies p where p.id = $1`,
      [id],
    );
    expect(rows).toEqual([
      { type: HEALTH, insurer_name: 'Star Health', policy_number: 'PET-1', members: 1 },
    ]);
    const [view] = (await readPolicies(phone.db)).filter((p) => p.id === id);
    expect(view).toMatchObject({ sync: 'synced', policy_type_id: HEALTH });
    expect(view?.members.map((m) => m.name)).toEqual(['Bruno']);
  });
});
