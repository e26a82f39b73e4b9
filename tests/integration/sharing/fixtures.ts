import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientFor } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';
import type { Actor } from '../rls/actors';
import {
  policyShareSchema,
  shareInvitationSchema,
  type PolicyShare,
} from '../../../src/domain/schemas';
import { z } from 'zod';

/** A new account signed in in its own client (sign-ups are confirmed on the test server). */
export async function signUpActor(ctx: SuiteContext, name: string): Promise<Actor> {
  const client = clientFor(ctx.server, ctx.server.anonKey);
  const local = (name.split(/\s/)[0] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const email = `${local}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const { data, error } = await client.auth.signUp({
    email,
    password: 'secret1',
    options: { data: { full_name: name } },
  });
  if (error || !data.user) throw new Error(`sign up ${name} failed: ${error?.message}`);
  return { name, client, id: data.user.id, email };
}

const createdSchema = z.object({ invitation: shareInvitationSchema, token: z.string() });

/** An RPC's answer, or its refusal as {code, message}. */
export async function call(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<{ data: unknown; error: { code: string; message: string } | null }> {
  const { data, error } = await client.rpc(fn, args);
  return { data, error: error ? { code: error.code, message: error.message } : null };
}

/** create_share_invitation called directly (the mail-sending function is tested on its own). */
export async function invite(
  owner: SupabaseClient,
  email: string,
  role: string,
  policyId: string | null = null,
): Promise<z.infer<typeof createdSchema>> {
  const { data, error } = await call(owner, 'create_share_invitation', {
    p_email: email,
    p_role: role,
    p_policy_id: policyId,
  });
  if (error) throw new Error(`invite failed: ${error.code} ${error.message}`);
  return createdSchema.parse(data);
}

/** The owner invites the recipient and the recipient accepts by the token: a live share. */
export async function share(
  owner: Actor,
  recipient: Actor,
  role: 'viewer' | 'editor',
  policyId: string | null = null,
): Promise<PolicyShare> {
  if (!recipient.email) throw new Error('the recipient needs an address');
  const { token } = await invite(owner.client, recipient.email, role, policyId);
  const { data, error } = await call(recipient.client, 'accept_share_invitation', {
    p_token: token,
  });
  if (error) throw new Error(`accept failed: ${error.code} ${error.message}`);
  return policyShareSchema.parse(data);
}
