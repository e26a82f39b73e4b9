// Hosted Edge Function: the private calendar feed (issue 19). All logic is in
// ../_shared/calendar-feed.ts, which the local server runs too; see README.md here.
import { handleCalendarFeed } from '../_shared/calendar-feed.ts';

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const config = {
  apiUrl: required('SUPABASE_URL'),
  serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
  appOrigin: required('SITE_URL'),
};

Deno.serve((request) => handleCalendarFeed(request, config));
