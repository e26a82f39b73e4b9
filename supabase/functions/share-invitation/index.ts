// Hosted Edge Function: sends a share invitation (issue 18). All logic is in
// ../_shared/share-invitation.ts, which the local server runs too (its mail goes to the dev
// mailbox); here the mail goes through Resend's HTTP API. See README.md here.
import { handleShareInvitation, type InvitationMail } from '../_shared/share-invitation.ts';
import { env } from '../_shared/http.ts';

const siteUrl = env('SITE_URL');
const cors = {
  'Access-Control-Allow-Origin': new URL(siteUrl).origin,
  'Access-Control-Allow-Headers': 'authorization, apikey, content-type, x-client-info',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  Vary: 'Origin',
};

async function sendMail(mail: InvitationMail): Promise<void> {
  const response = await fetch('https://api.resend.com/emails', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${env('RESEND_API_KEY')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      from: env('MAIL_FROM'),
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
    }),
  });
  if (!response.ok) throw new Error(`mail provider answered ${response.status}`);
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  const response = await handleShareInvitation(request, {
    apiUrl: env('SUPABASE_URL'),
    anonKey: env('SUPABASE_ANON_KEY'),
    appOrigin: siteUrl,
    sendMail,
  });
  for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
  return response;
});
