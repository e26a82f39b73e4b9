import { z } from 'zod';
import {
  shareInvitationSchema,
  type ShareInvitation,
  type ShareRole,
} from '@/domain/schemas/share';
import { UNEXPECTED_RESPONSE } from '@/lib/api-call';
import { getSupabase } from '@/lib/supabase';
import { looksOffline, NOT_SENT_CODE, OFFLINE_CODE, type ApiResult } from './share-call';

export interface NewInvitation {
  email: string;
  role: ShareRole;
  /** null: every policy of the owner, including ones added later. */
  policyId: string | null;
}

const createdSchema = z.object({ invitation: shareInvitationSchema });
const refusalSchema = z.object({ code: z.string(), message: z.string() });

/** What supabase-js's FunctionsHttpError carries: the function's own answer. */
const httpErrorSchema = z.object({ context: z.instanceof(Response) });

/**
 * Creates the invitation and mails its link in one step, through the share-invitation
 * function (supabase/functions/_shared/share-invitation.ts): the token exists only in that
 * mail, never in this app. A refusal is the database's ({code: 'SH001', message}).
 */
export async function createInvitation(input: NewInvitation): Promise<ApiResult<ShareInvitation>> {
  if (looksOffline()) return { ok: false, error: { message: 'Offline', code: OFFLINE_CODE } };
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.functions.invoke('share-invitation', {
      body: { email: input.email, role: input.role, policy_id: input.policyId },
    });
    if (error) {
      const http = httpErrorSchema.safeParse(error);
      if (!http.success) {
        return { ok: false, error: { message: 'Network request failed', code: OFFLINE_CODE } };
      }
      const refusal = refusalSchema.safeParse(await http.data.context.json().catch(() => null));
      return {
        ok: false,
        error: refusal.success
          ? refusal.data
          : {
              message: `HTTP ${http.data.context.status}`,
              code: NOT_SENT_CODE,
            },
      };
    }
    const parsed = createdSchema.safeParse(data);
    if (!parsed.success) {
      return {
        ok: false,
        error: { message: 'unexpected response', code: UNEXPECTED_RESPONSE },
      };
    }
    return { ok: true, data: parsed.data.invitation };
  } catch (error) {
    return {
      ok: false,
      error: {
        message: error instanceof Error ? error.message : 'Network request failed',
        code: error instanceof TypeError || looksOffline() ? OFFLINE_CODE : null,
      },
    };
  }
}
