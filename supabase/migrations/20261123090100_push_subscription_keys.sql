-- Push subscriptions are checked when saved (issue 14 item 8). A row whose keys web-push
-- cannot use made the reminder job throw and stop for every user after its owner; the job now
-- isolates each subscription, and this makes such rows impossible to save in the first place,
-- by every path: the app's save_push_subscription, REST insert and update, the service role.
--
-- What a browser's PushSubscription.toJSON() gives, and so what is accepted:
--   p256dh  the P-256 public key, 65 bytes uncompressed (0x04 first), base64url;
--   auth    the 16-byte auth secret (RFC 8291), base64url;
--   endpoint an https:// URL. Plain http:// only to localhost, 127.0.0.1 or [::1]: the local
--           server's fake push services (tests, development) listen there, and a database
--           cannot know whether it serves a local server with allowHttpEndpoints or a hosted
--           project. Loopback reaches no third party; the hosted job sends to https only.
--           IP addresses other than loopback are refused (push services are named by DNS), so
--           the job cannot be aimed at private or link-local addresses.
-- Refusals raise 22023 (invalid_parameter_value), which PostgREST answers with 400, with a
-- message naming the field. A trigger rather than check constraints, for those messages.

-- The bytes of base64url text (padding optional); null when the text is not base64url.
create or replace function public.base64url_decode(value text)
returns bytea
language plpgsql
immutable
strict
set search_path = ''
as $$
declare
  v_body text := rtrim(value, '=');
begin
  if value !~ '^[A-Za-z0-9_-]*={0,2}$' or char_length(v_body) % 4 = 1 then
    return null;
  end if;
  return decode(
    translate(v_body, '-_', '+/') || repeat('=', (4 - char_length(v_body) % 4) % 4),
    'base64'
  );
end;
$$;

-- What is wrong with a subscription, as a message for its owner; null when nothing is. Nulls
-- are left to the columns' not-null constraints.
create or replace function public.push_subscription_problem(endpoint text, p256dh text, auth text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key bytea := public.base64url_decode(p256dh);
  v_secret bytea := public.base64url_decode(auth);
begin
  if endpoint is not null and (
    char_length(endpoint) > 2048
    or endpoint !~ ('^(https://(([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+|\[[0-9A-Fa-f:.]+\])'
                    || '|http://(localhost|127\.0\.0\.1|\[::1\]))'
                    || '(:[0-9]{1,5})?([/?][^[:space:][:cntrl:]]*)?$')
  ) then
    return 'endpoint must be an https:// URL of at most 2048 characters '
      || '(plain http:// only to localhost, for a local push service)';
  end if;
  -- Push services are named by DNS; an address (in any form a URL parser reads as one: a
  -- numeric or 0x last label, a bracketed IPv6) would let a user aim the job's POSTs at the
  -- server's own network (10.x, 169.254.169.254 …). Only the local push services' loopback.
  if endpoint is not null
     and substring(endpoint from '^https?://(\[[^]]*\]|[^/:?#]*)') !~ '^(127\.0\.0\.1|\[::1\])$'
     and (substring(endpoint from '^https?://(\[[^]]*\]|[^/:?#]*)') ~ '^\['
          or substring(endpoint from '^https?://(\[[^]]*\]|[^/:?#]*)') ~* '(^|\.)(0x[0-9a-f]*|[0-9]+)\.?$')
  then
    return 'endpoint must name its push service by host name '
      || '(an IP address only for a local push service on 127.0.0.1 or [::1])';
  end if;
  if p256dh is not null and (
    v_key is null or length(v_key) <> 65 or substring(v_key from 1 for 1) <> '\x04'::bytea
  ) then
    return 'p256dh must be the browser''s P-256 public key: 65 bytes starting with 0x04, '
      || 'base64url-encoded';
  end if;
  if auth is not null and (v_secret is null or length(v_secret) <> 16) then
    return 'auth must be the browser''s 16-byte auth secret, base64url-encoded';
  end if;
  return null;
end;
$$;

create or replace function public.tg_check_push_subscription()
returns trigger
language plpgsql
-- Runs as the owner so the checks need no grant to the API roles (nor appear as RPCs).
security definer
set search_path = ''
as $$
declare
  v_problem text := public.push_subscription_problem(new.endpoint, new.p256dh, new.auth);
begin
  if v_problem is not null then
    raise exception using
      message = v_problem,
      errcode = '22023',
      hint = 'Save what the browser''s PushSubscription.toJSON() gives: endpoint, keys.p256dh, keys.auth.';
  end if;
  return new;
end;
$$;

revoke all on function public.base64url_decode(text) from public, anon, authenticated;
revoke all on function public.push_subscription_problem(text, text, text)
  from public, anon, authenticated;
revoke all on function public.tg_check_push_subscription() from public, anon, authenticated;

-- Rows saved before this cannot receive a push (web-push cannot encrypt to them, and the
-- hosted job never sent to plain http), and on a job without the isolation fix they stop
-- everyone's reminders. Deleting them loses nothing: the browser saves a fresh subscription
-- when its owner turns reminders on again. (Marking the check NOT VALID instead would keep
-- them, and make any later update of those rows fail.)
delete from public.push_subscriptions
 where public.push_subscription_problem(endpoint, p256dh, auth) is not null;

create or replace trigger push_subscriptions_check
  before insert or update on public.push_subscriptions
  for each row execute function public.tg_check_push_subscription();

-- Superseded by the trigger's checks, which are stricter and say what is wrong.
alter table public.push_subscriptions drop constraint if exists push_subscriptions_endpoint_format;
alter table public.push_subscriptions drop constraint if exists push_subscriptions_p256dh_length;
alter table public.push_subscriptions drop constraint if exists push_subscriptions_auth_length;
