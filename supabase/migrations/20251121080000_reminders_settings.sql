-- Renewal reminder settings: which days before a renewal a user wants push reminders
-- (design §6, issue 8). The app keeps the same choice in the tracker's local store for the
-- service worker's periodic sync; the push job (server/reminders and its hosted twin in
-- supabase/functions/renewal-reminders) reads this row. No row means the defaults 30, 7, 1
-- and 0 days; lapsed reminders always apply.

create table if not exists public.reminder_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- A JSON array of whole days, e.g. [30, 7, 1, 0]; jsonb keeps the API shape plain.
  thresholds jsonb not null default '[30, 7, 1, 0]'::jsonb,
  updated_at timestamptz not null default now(),
  constraint reminder_settings_thresholds_shape check (
    jsonb_typeof(thresholds) = 'array'
    and jsonb_array_length(thresholds) between 1 and 10
  )
);

create or replace trigger reminder_settings_set_updated_at
  before update on public.reminder_settings
  for each row execute function public.tg_set_updated_at();

alter table public.reminder_settings enable row level security;

revoke all on table public.reminder_settings from anon, authenticated;
grant select, insert, update, delete on table public.reminder_settings to authenticated;
grant all on table public.reminder_settings to service_role;

create policy "Users can read their own reminder settings"
  on public.reminder_settings for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own reminder settings"
  on public.reminder_settings for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own reminder settings"
  on public.reminder_settings for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own reminder settings"
  on public.reminder_settings for delete
  to authenticated
  using (user_id = (select auth.uid()));
