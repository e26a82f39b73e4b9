// Sending a share invitation (issue 18): one handler, run by the local server
// (server/index.ts, mail to the dev mailbox) and by the hosted Edge Function
// (supabase/functions/share-invitation, mail through the project's provider). It creates the
// invitation as the signed-in caller through PostgREST (create_share_invitation checks every
// rule and answers the token once), mails the link, and answers the invitation without the
// token. Imports carry `.ts` and bare packages resolve through the function's deno.json.
import { z } from 'zod';

export interface InvitationMail {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export interface ShareInvitationConfig {
  /** The project's API origin, e.g. https://<ref>.supabase.co or the local server. */
  apiUrl: string;
  anonKey: string;
  /** Where the app is served: the link opens its invitations page. */
  appOrigin: string;
  sendMail(mail: InvitationMail): Promise<void>;
  fetch?: typeof fetch;
}

/** The app page that accepts or declines; the token rides in its query. */
export const INVITATIONS_PATH = '/policy-tracker/invitations';

const requestSchema = z.object({
  email: z.string().max(400),
  role: z.string().max(20),
  policy_id: z.string().uuid().nullable().optional(),
});

const invitationSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    role: z.enum(['viewer', 'editor']),
    policy_id: z.string().uuid().nullable(),
    policy_label: z.string().nullable(),
    owner_name: z.string().nullable(),
    owner_email: z.string().nullable(),
    expires_at: z.string(),
  })
  .loose();

const createdSchema = z.object({
  invitation: invitationSchema,
  token: z.string().regex(/^[0-9a-f]{64}$/),
});

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

// Anything that reads as a link or an address: a sender's chosen name or policy label must
// not turn a mail from the project's domain into one pointing somewhere else.
const LINK_LIKE = /:\/\/|www\.|@|[a-z0-9-]\.[a-z]{2,}/i;
export const MAIL_TEXT_MAX = 60;

/**
 * Text the sender chose (their name, a policy's insurer and number), fit for the mail's
 * body: one line of at most 60 characters, or null when it is empty or looks like a link.
 */
export function mailSafeText(value: string | null): string | null {
  if (value === null) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const line = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e]/g, ' ');
  const text = line.replace(/\s+/g, ' ').trim();
  if (text === '' || LINK_LIKE.test(text)) return null;
  return text.length > MAIL_TEXT_MAX ? `${text.slice(0, MAIL_TEXT_MAX - 1).trimEnd()}…` : text;
}

/**
 * The mail's words; the address, scope and role as the invitee will see them. The subject is
 * fixed: the sender's chosen name appears only in the body, cut short and never as a link,
 * beside their confirmed address.
 */
export function invitationMail(
  invitation: z.infer<typeof invitationSchema>,
  link: string,
): InvitationMail {
  const name = mailSafeText(invitation.owner_name);
  const address = invitation.owner_email;
  const who =
    name && address && name !== address
      ? `${name} (${address})`
      : (address ?? name ?? 'A BimaGuide user');
  const label = mailSafeText(invitation.policy_label);
  const what = invitation.policy_id
    ? label
      ? `their policy ${label}`
      : 'one of their insurance policies'
    : 'all their insurance policies';
  const can =
    invitation.role === 'editor'
      ? 'see and update it, including its documents and payments'
      : 'see it, including its documents';
  const until = new Date(invitation.expires_at).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  return {
    to: invitation.email,
    subject: 'Insurance policies shared with you on BimaGuide',
    text:
      `${who} invited you to ${what} on BimaGuide, so you can ${can}.\n\n` +
      `Open the link to accept or decline. No account yet? Sign up with ${invitation.email} ` +
      `and the link brings you back. The invitation expires on ${until}.\n\n${link}\n`,
    link,
  };
}

async function rpc(
  config: ShareInvitationConfig,
  authorization: string,
  name: string,
  args: Record<string, unknown>,
): Promise<Response> {
  return (config.fetch ?? fetch)(`${config.apiUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: config.anonKey,
      Authorization: authorization,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify(args),
  });
}

/**
 * POST {email, role, policy_id?} with the user's session → 201 {invitation}. A refusal is
 * the database's own answer ({code, message}, e.g. SH001 inviting yourself), passed on as is.
 */
export async function handleShareInvitation(
  request: Request,
  config: ShareInvitationConfig,
): Promise<Response> {
  if (request.method !== 'POST') {
    return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } });
  }
  const authorization = request.headers.get('Authorization');
  if (!authorization || !/^Bearer\s+\S+$/i.test(authorization)) {
    return json(401, { code: '42501', message: 'Sign in to share your policies' });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json(400, { code: '22023', message: 'Send the invitation as JSON' });
  }
  const input = requestSchema.safeParse(body);
  if (!input.success) {
    return json(400, { code: '22023', message: 'Give an email address and a role' });
  }

  const created = await rpc(config, authorization, 'create_share_invitation', {
    p_email: input.data.email,
    p_role: input.data.role,
    p_policy_id: input.data.policy_id ?? null,
  });
  const answer: unknown = await created.json().catch(() => null);
  if (!created.ok) return json(created.status, answer);
  const { invitation, token } = createdSchema.parse(answer);

  const link = `${config.appOrigin}${INVITATIONS_PATH}?token=${token}`;
  try {
    await config.sendMail(invitationMail(invitation, link));
  } catch {
    // An invitation nobody was told about would block a new one as a duplicate for 14 days.
    await rpc(config, authorization, 'withdraw_share_invitation', {
      p_invitation_id: invitation.id,
    }).catch(() => undefined);
    return json(502, {
      code: 'SH013',
      message: 'The invitation email could not be sent; nothing was shared. Try again later.',
    });
  }
  return json(201, { invitation });
}
