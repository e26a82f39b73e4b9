import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientFor } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';

export const ADMIN_EMAIL = 'admin@bimaguide.test';
export const ADMIN_PASSWORD = 'admin-secret';

export type ActorName = 'anon' | 'userA' | 'userB' | 'admin';
export const actorNames: readonly ActorName[] = ['anon', 'userA', 'userB', 'admin'];

export interface Actor {
  /** An ActorName, or a role the sharing suites add (viewer, editor). */
  name: string;
  client: SupabaseClient;
  /** auth.users id; null for the anonymous visitor. */
  id: string | null;
  email: string | null;
}

export type Actors = Record<ActorName, Actor>;

/** Signs up users A and B and signs in the admin the server created, each in its own client. */
export async function createActors(ctx: SuiteContext): Promise<Actors> {
  const tag = crypto.randomBytes(4).toString('hex');
  const signUp = async (name: 'userA' | 'userB'): Promise<Actor> => {
    const client = clientFor(ctx.server, ctx.server.anonKey);
    const email = `${name.toLowerCase()}-${tag}@example.com`;
    const { data, error } = await client.auth.signUp({ email, password: 'secret1' });
    if (error || !data.user) throw new Error(`sign up ${name} failed: ${error?.message}`);
    return { name, client, id: data.user.id, email };
  };
  const admin = clientFor(ctx.server, ctx.server.anonKey);
  const signIn = await admin.auth.signInWithPassword({
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  if (signIn.error || !signIn.data.user) {
    throw new Error(`admin sign in failed: ${signIn.error?.message}`);
  }
  return {
    anon: { name: 'anon', client: ctx.anon(), id: null, email: null },
    userA: await signUp('userA'),
    userB: await signUp('userB'),
    admin: { name: 'admin', client: admin, id: signIn.data.user.id, email: ADMIN_EMAIL },
  };
}

export function uuid(): string {
  return crypto.randomUUID();
}

/** The id of a signed-in actor; throws for the anonymous one. */
export function idOf(actor: Actor): string {
  if (!actor.id) throw new Error(`${actor.name} has no user id`);
  return actor.id;
}
