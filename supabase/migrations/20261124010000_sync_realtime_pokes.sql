-- Other devices hear about a change within seconds (design §5): every committed change to a
-- user's synced rows sends one poke on their private Realtime channel `sync:<user_id>`, and
-- the app pulls when it hears it (the 60 s poll stays as the fallback). The poke carries no
-- row data: what changed is read through sync_pull and its RLS, so a poke can leak nothing.
--
-- Hosted: Realtime "Broadcast from Database" (realtime.send) with private channels; turn off
-- "Allow public access" in the project's Realtime settings so only private channels exist.

-- One poke per user per transaction: a 1,000-op sync_push is one transaction and one poke.
-- The users already poked in this transaction are kept in a transaction-local setting.
create or replace function public.tg_sync_poke()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_poked text := coalesce(current_setting('bimaguide.sync_poked', true), '');
begin
  for v_user in select distinct c.user_id from changed c where c.user_id is not null loop
    if strpos(v_poked, v_user::text) = 0 then
      perform realtime.send('{}'::jsonb, 'changed', 'sync:' || v_user::text, true);
      v_poked := v_poked || v_user::text || ',';
    end if;
  end loop;
  perform set_config('bimaguide.sync_poked', v_poked, true);
  return null;
end
$$;
revoke all on function public.tg_sync_poke() from public, anon, authenticated;

-- Statement-level with transition tables: one call per statement, whatever its row count.
-- A trigger with transition tables takes one event, so inserts and updates have one each;
-- deletes of synced rows are soft (updates), see 20251121050200_tracker.sql.
create trigger sync_poke_after_insert after insert on public.policies
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_update after update on public.policies
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_insert after insert on public.people
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_update after update on public.people
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_insert after insert on public.policy_members
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_update after update on public.policy_members
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_insert after insert on public.policy_types
  referencing new table as changed for each statement execute function public.tg_sync_poke();
create trigger sync_poke_after_update after update on public.policy_types
  referencing new table as changed for each statement execute function public.tg_sync_poke();

-- realtime.messages has RLS on already (hosted, and server/bootstrap/002_realtime.sql).
create policy "Users receive the sync pokes of their own account"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'sync:' || (select auth.uid())::text
  );
