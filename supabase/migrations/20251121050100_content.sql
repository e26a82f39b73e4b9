-- Public content (news, glossary, FAQs) and callback leads. Spec §3, §6.
-- Anyone reads content; only the admin writes it. Anyone may leave a callback request,
-- but only the admin reads or deletes them (they hold names and phone numbers).

-- ---------------------------------------------------------------------------------------
-- callbacks
-- ---------------------------------------------------------------------------------------
create table if not exists public.callbacks (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  phone text not null,
  city text not null,
  product text not null default 'Health Insurance',
  created_at timestamptz not null default now(),
  constraint callbacks_name_length check (char_length(btrim(name)) between 1 and 100),
  -- Digits with the usual separators and an optional leading +: Indian numbers are 10
  -- digits, with +91 or a leading 0 a few more; 7 to 15 digits covers landlines and E.164.
  constraint callbacks_phone_format check (
    phone ~ '^\+?[0-9 ()-]{7,20}$'
    and char_length(regexp_replace(phone, '[^0-9]', '', 'g')) between 7 and 15
  ),
  constraint callbacks_city_length check (char_length(btrim(city)) between 1 and 100),
  constraint callbacks_product_valid check (
    product in ('Health Insurance', 'Term Insurance', 'Motor Insurance', 'Other')
  )
);

create index if not exists callbacks_created_at_idx on public.callbacks (created_at desc);

alter table public.callbacks enable row level security;

revoke all on table public.callbacks from anon, authenticated;
grant insert on table public.callbacks to anon, authenticated;
grant select, delete on table public.callbacks to authenticated;
grant all on table public.callbacks to service_role;

-- The form is public and the constraints above bound what can be stored, so any caller may
-- insert. There is deliberately no select policy for anon or ordinary users: a visitor
-- cannot read back anyone's lead, not even their own.
create policy "Anyone can request a callback"
  on public.callbacks for insert
  to anon, authenticated
  with check (true);

create policy "Admins can read callbacks"
  on public.callbacks for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can delete callbacks"
  on public.callbacks for delete
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------
-- news
-- ---------------------------------------------------------------------------------------
create table if not exists public.news (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  slug text not null,
  excerpt text,
  content text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint news_slug_key unique (slug),
  constraint news_title_length check (char_length(btrim(title)) between 1 and 200),
  -- The editor derives slugs from titles: lower case, spaces to hyphens, other non-word
  -- characters removed, so only [a-z0-9_-] can occur.
  constraint news_slug_format check (slug ~ '^[a-z0-9_-]{1,200}$'),
  constraint news_excerpt_length check (excerpt is null or char_length(excerpt) <= 500),
  constraint news_content_length check (char_length(btrim(content)) between 1 and 50000)
);

create index if not exists news_created_at_idx on public.news (created_at desc);

create or replace trigger news_set_updated_at
  before update on public.news
  for each row execute function public.tg_set_updated_at();

alter table public.news enable row level security;

revoke all on table public.news from anon, authenticated;
grant select on table public.news to anon, authenticated;
grant insert, update, delete on table public.news to authenticated;
grant all on table public.news to service_role;

create policy "Anyone can read news"
  on public.news for select
  to anon, authenticated
  using (true);

create policy "Admins can create news"
  on public.news for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can update news"
  on public.news for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can delete news"
  on public.news for delete
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------
-- glossary
-- ---------------------------------------------------------------------------------------
create table if not exists public.glossary (
  id uuid primary key default gen_random_uuid(),
  term text not null,
  slug text not null,
  definition text not null,
  context text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint glossary_slug_key unique (slug),
  constraint glossary_term_length check (char_length(btrim(term)) between 1 and 100),
  constraint glossary_slug_format check (slug ~ '^[a-z0-9_-]{1,200}$'),
  constraint glossary_definition_length check (char_length(btrim(definition)) between 1 and 5000),
  constraint glossary_context_length check (context is null or char_length(context) <= 5000)
);

create index if not exists glossary_term_idx on public.glossary (term);

create or replace trigger glossary_set_updated_at
  before update on public.glossary
  for each row execute function public.tg_set_updated_at();

alter table public.glossary enable row level security;

revoke all on table public.glossary from anon, authenticated;
grant select on table public.glossary to anon, authenticated;
grant insert, update, delete on table public.glossary to authenticated;
grant all on table public.glossary to service_role;

create policy "Anyone can read the glossary"
  on public.glossary for select
  to anon, authenticated
  using (true);

create policy "Admins can create glossary terms"
  on public.glossary for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can update glossary terms"
  on public.glossary for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can delete glossary terms"
  on public.glossary for delete
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------
-- faqs
-- ---------------------------------------------------------------------------------------
create table if not exists public.faqs (
  id uuid primary key default gen_random_uuid(),
  question text not null,
  answer text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint faqs_question_length check (char_length(btrim(question)) between 1 and 500),
  constraint faqs_answer_length check (char_length(btrim(answer)) between 1 and 10000)
);

create index if not exists faqs_created_at_idx on public.faqs (created_at desc);

create or replace trigger faqs_set_updated_at
  before update on public.faqs
  for each row execute function public.tg_set_updated_at();

alter table public.faqs enable row level security;

revoke all on table public.faqs from anon, authenticated;
grant select on table public.faqs to anon, authenticated;
grant insert, update, delete on table public.faqs to authenticated;
grant all on table public.faqs to service_role;

create policy "Anyone can read FAQs"
  on public.faqs for select
  to anon, authenticated
  using (true);

create policy "Admins can create FAQs"
  on public.faqs for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can update FAQs"
  on public.faqs for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can delete FAQs"
  on public.faqs for delete
  to authenticated
  using ((select public.is_admin()));
