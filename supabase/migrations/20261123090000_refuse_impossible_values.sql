-- Refuse values no person could mean (issue 14, item 7). numeric accepts 'NaN' (and NaN
-- compares greater than every number, so the existing "non-negative" checks let it through);
-- date and timestamptz accept 'infinity', '-infinity' and dates BC. Such a value breaks the
-- renewal arithmetic, the reminder job and the app's date formatting, so the database refuses
-- it whichever way it arrives: /rest/v1, sync_push (sync_apply_op writes through these
-- tables, so a refused op is reported 'rejected'), or SQL.
--
-- Amounts must be numbers; dates the user types lie in 1900–2999; timestamps lie in
-- 1900–3000 (UTC).
--
-- Each constraint is added NOT VALID and then validated separately: on a hosted project that
-- already stores such a value, a plain ADD CONSTRAINT would fail and block every later
-- migration. NOT VALID enforces the rule on every new insert and update at once; the
-- VALIDATE that follows succeeds where the existing rows are clean, and otherwise leaves the
-- constraint enforced-but-unvalidated and says so, so an operator can fix those rows (find
-- them with the constraint's own expression) and run VALIDATE CONSTRAINT by hand. The
-- values are never rewritten here: which date a person meant is not ours to guess.

-- ---------------------------------------------------------------------------------------
-- policies: amounts and dates the user types
-- ---------------------------------------------------------------------------------------
alter table public.policies
  add constraint policies_sum_insured_is_a_number
    check (sum_insured is null or sum_insured <> 'NaN'::numeric) not valid,
  add constraint policies_premium_amount_is_a_number
    check (premium_amount is null or premium_amount <> 'NaN'::numeric) not valid,
  add constraint policies_start_date_in_range
    check (start_date between date '1900-01-01' and date '2999-12-31') not valid,
  add constraint policies_next_renewal_date_in_range
    check (next_renewal_date between date '1900-01-01' and date '2999-12-31') not valid,
  add constraint policies_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and (deleted_at is null
      or deleted_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00')
  ) not valid;

-- ---------------------------------------------------------------------------------------
-- Timestamps a client may set on insert (created_at is synced from the device that made the
-- row; deleted_at is writable through /rest/v1 by the row's owner)
-- ---------------------------------------------------------------------------------------
alter table public.people
  add constraint people_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and (deleted_at is null
      or deleted_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00')
  ) not valid;

alter table public.policy_types
  add constraint policy_types_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and (deleted_at is null
      or deleted_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00')
  ) not valid;

alter table public.policy_members
  add constraint policy_members_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and (deleted_at is null
      or deleted_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00')
  ) not valid;

alter table public.callbacks
  add constraint callbacks_created_at_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
  ) not valid;

alter table public.push_subscriptions
  add constraint push_subscriptions_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
  ) not valid;

alter table public.sync_ops
  add constraint sync_ops_applied_at_in_range check (
    applied_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
  ) not valid;

alter table public.reminder_settings
  add constraint reminder_settings_updated_at_in_range check (
    updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
  ) not valid;

-- Content the admin writes.
alter table public.news
  add constraint news_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
  ) not valid;

alter table public.glossary
  add constraint glossary_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
  ) not valid;

alter table public.faqs
  add constraint faqs_timestamps_in_range check (
    created_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
    and updated_at between timestamptz '1900-01-01 00:00:00+00' and timestamptz '3000-01-01 00:00:00+00'
  ) not valid;

-- ---------------------------------------------------------------------------------------
-- Validate what the existing rows allow (see the header for why a failure is only noticed).
-- ---------------------------------------------------------------------------------------
do $$
declare
  c record;
begin
  for c in
    select con.conrelid::regclass as tbl, con.conname
      from pg_constraint con
      join pg_namespace n on n.oid = con.connamespace
     where n.nspname = 'public'
       and not con.convalidated
       and con.conname in (
         'policies_sum_insured_is_a_number', 'policies_premium_amount_is_a_number',
         'policies_start_date_in_range', 'policies_next_renewal_date_in_range',
         'policies_timestamps_in_range', 'people_timestamps_in_range',
         'policy_types_timestamps_in_range', 'policy_members_timestamps_in_range',
         'callbacks_created_at_in_range', 'push_subscriptions_timestamps_in_range',
         'sync_ops_applied_at_in_range', 'reminder_settings_updated_at_in_range',
         'news_timestamps_in_range', 'glossary_timestamps_in_range', 'faqs_timestamps_in_range')
  loop
    begin
      execute format('alter table %s validate constraint %I', c.tbl, c.conname);
    exception when check_violation then
      raise notice 'constraint % on % stays NOT VALID: existing rows break it; fix them, then run VALIDATE CONSTRAINT',
        c.conname, c.tbl;
    end;
  end loop;
end;
$$;
