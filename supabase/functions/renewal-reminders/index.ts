// Hosted Edge Function: the renewal push job (design §6). The job itself is
// ../_shared/renewal-reminders.ts, which the local server runs too; this file is only the
// hosted edge: secrets from the environment, the service-role check and the day to run for.
// tests/integration/reminders/hosted-function.test.ts runs it under Deno against the local
// server. See README.md for secrets and scheduling.
import { env, isServiceRole, json } from '../_shared/http.ts';
import { requestedDay, runReminderJob } from '../_shared/renewal-reminders.ts';
import { todayIn } from '../../../src/domain/local-today.ts';

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });
  if (!isServiceRole(req)) return json(401, { message: 'Only the service role may run this' });
  const day = requestedDay(await req.text(), () =>
    todayIn(Deno.env.get('REMINDER_TIME_ZONE') ?? 'Asia/Kolkata'),
  );
  if (!day.ok) return json(400, { message: day.message });
  try {
    const result = await runReminderJob({
      apiUrl: env('SUPABASE_URL'),
      serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY'),
      vapid: { publicKey: env('VAPID_PUBLIC_KEY'), privateKey: env('VAPID_PRIVATE_KEY') },
      subject: env('VAPID_SUBJECT'),
      today: day.today,
      log: (msg) => console.error(msg),
    });
    return json(200, result);
  } catch (e) {
    return json(500, { message: e instanceof Error ? e.message : 'reminder job failed' });
  }
});
