-- The interface language a user chose (issue 21): 'en' (the default) or 'hi'. Kept on the
-- per-user settings row the app already has, so every device of the user follows the choice
-- and the reminder push job can write notifications in it. The row's RLS policies are
-- unchanged: a user reads and writes only their own row.

alter table public.reminder_settings
  add column if not exists locale text not null default 'en';

alter table public.reminder_settings
  drop constraint if exists reminder_settings_locale_known;

alter table public.reminder_settings
  add constraint reminder_settings_locale_known check (locale in ('en', 'hi'));
