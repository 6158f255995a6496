-- The admin list / stats functions of the finance screens run their bodies as security definer
-- (RLS bypassed) behind security-invoker wrappers in public, because row-level security makes
-- every non-leakproof operator — `ilike` among them — unusable for index scans: under RLS the
-- trigram indexes on reviews and profiles were never used and each search was a sequential scan
-- (npm run seed:large: reviews search 330 ms, provider-name filters 120–310 ms).
-- Access does not change: each body starts with private.assert_admin() (42501 for anyone but an
-- admin or the service role), and admins may read every row of these tables anyway.
-- Layout (supabase-sql-practices): the security definer functions live in `private` (not exposed
-- by the API) with search_path = '' and every name qualified; EXECUTE only for authenticated and
-- service_role; the public wrappers are security invoker.

-- 1. Move the bodies to private, as security definer.
alter function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid)
  set schema private;
alter function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid)
  security definer;
alter function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) set schema private;
alter function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) security definer;
alter function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid)
  set schema private;
alter function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid)
  security definer;
alter function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) set schema private;
alter function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) security definer;
-- These two estimate large totals with EXPLAIN, which Postgres allows only in volatile functions.
alter function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) set schema private;
alter function private.admin_list_conversations(text, text, text, timestamptz, integer, integer) security definer volatile;
alter function public.admin_list_reviews(text, integer, text, integer, integer) set schema private;
alter function private.admin_list_reviews(text, integer, text, integer, integer) security definer volatile;
-- A search over names and comments can match thousands of reviews; the planner then prices the
-- capped count as a sequential scan that stops early, but ilike on Vietnamese text costs ~6 µs a
-- row and the scan reads all 275,000 (1.6 s on seed:large for a common name). Every filter of this
-- function has an index (trigram, rating, status + created_at, created_at), so the function plans
-- without sequential scans: the same search takes 170 ms through the trigram indexes.
alter function private.admin_list_reviews(text, integer, text, integer, integer) set enable_seqscan = off;

revoke all on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) from public, anon;
revoke all on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
revoke all on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) from public, anon;
revoke all on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
revoke all on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer) from public, anon;
revoke all on function private.admin_list_reviews(text, integer, text, integer, integer) from public, anon;
grant execute on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) to authenticated, service_role;
grant execute on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
grant execute on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) to authenticated, service_role;
grant execute on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;
grant execute on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer) to authenticated, service_role;
grant execute on function private.admin_list_reviews(text, integer, text, integer, integer) to authenticated, service_role;

-- 2. The API's functions: same names, arguments and results, security invoker.
create or replace function public.admin_list_commissions(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_list_commissions(p_search, p_provider_id, p_subcategory_id, p_from, p_to, p_limit, p_offset,
                                        p_after_created_at, p_after_id)
$$;

create or replace function public.admin_commission_stats(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_commission_stats(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
$$;

create or replace function public.admin_list_deposits(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_list_deposits(p_search, p_provider_id, p_status, p_from, p_to, p_limit, p_offset,
                                     p_after_created_at, p_after_id)
$$;

create or replace function public.admin_deposit_stats(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_deposit_stats(p_search, p_provider_id, p_status, p_from, p_to)
$$;

create or replace function public.admin_list_conversations(
  p_provider_name text default null, p_customer_name text default null, p_status text default null,
  p_since timestamptz default null, p_limit integer default 50, p_offset integer default 0
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_conversations(p_provider_name, p_customer_name, p_status, p_since, p_limit, p_offset)
$$;

create or replace function public.admin_list_reviews(
  p_search text default null, p_rating integer default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_reviews(p_search, p_rating, p_status, p_limit, p_offset)
$$;

comment on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) is
  'Admin commissions list: {rows} newest first, offset or keyset (after created_at, id) paging. Admins only (42501).';
comment on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate. Admins only.';
comment on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) is
  'Admin deposit history list: {rows} newest first with the provider''s current balance and status. Admins only.';
comment on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters. Admins only.';
comment on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) is
  'Admin conversations list: {rows, total, total_exact}, latest message first; total exact up to 10,000 rows. Admins only.';
comment on function public.admin_list_reviews(text, integer, text, integer, integer) is
  'Admin reviews list: {rows, total, total_exact}, newest first; total exact up to 10,000 rows. Admins only.';

revoke all on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) from public, anon;
revoke all on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
revoke all on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) from public, anon;
revoke all on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
revoke all on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) from public, anon;
revoke all on function public.admin_list_reviews(text, integer, text, integer, integer) from public, anon;
grant execute on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) to authenticated, service_role;
grant execute on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
grant execute on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) to authenticated, service_role;
grant execute on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;
grant execute on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) to authenticated, service_role;
grant execute on function public.admin_list_reviews(text, integer, text, integer, integer) to authenticated, service_role;
