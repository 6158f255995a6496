-- Customer reviews of a booking (docs/decisions.md#review-status-default: status never null,
-- default active). The customer's name and the comment are bounded (docs/product.md#input-rules)
-- and have accent-free copies (`*_folded`, docs/search.md) with a trigram index each, which the
-- admin reviews list searches; its filters and sorts have their btree indexes. The trigger
-- function private.reviews_before_write is security invoker.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  provider_id uuid references public.profiles (id) on delete set null,
  customer_id uuid references public.profiles (id) on delete set null,
  customer_name text,
  rating smallint not null constraint reviews_rating_check check (rating between 1 and 5),
  comment text,
  status text not null default 'active' constraint reviews_status_check check (status in ('active', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  customer_name_folded text generated always as (private.vi_fold(customer_name)) stored,
  comment_folded text generated always as (private.vi_fold(comment)) stored,
  constraint reviews_booking_id_key unique (booking_id),
  -- Input bounds.
  constraint reviews_customer_name_length check (char_length(customer_name) <= 100),
  constraint reviews_comment_length check (char_length(comment) <= 2000)
);
comment on table public.reviews is 'One review per booking. status is coalesced to active by trigger.';
comment on column public.reviews.customer_name_folded is 'private.vi_fold(customer_name): accent-insensitive search (docs/search.md).';
comment on column public.reviews.comment_folded is 'private.vi_fold(comment): accent-insensitive search (docs/search.md).';

alter table public.reviews enable row level security;

-- The typed text's estimates decide its count and order: a finer histogram (04_profiles.sql).
alter table public.reviews alter column customer_name_folded set statistics 1000, alter column comment_folded set statistics 1000;

create index reviews_provider_id_created_at_idx on public.reviews (provider_id, created_at desc);
create index reviews_customer_id_idx on public.reviews (customer_id);
-- The admin reviews list's default order; the index includes what its typed text and its other filters
-- read, so that a page's ids (and the rows a deep page skips) come from the index alone
-- (private.admin_sorted_page, docs/search.md).
create index reviews_created_at_search_idx on public.reviews (created_at desc, id desc)
  include (customer_name_folded, comment_folded, rating, status);
-- Shown or hidden in the order of creation: that status's rows are one range of this index, and it
-- includes what the typed text and the rating read, so that a search among the hidden reviews
-- walks their entries alone (an index-only scan), not every review's entry of the default order's
-- index (docs/search.md#sorting).
create index reviews_status_created_at_idx on public.reviews (status, created_at desc, id desc)
  include (customer_name_folded, comment_folded, rating);
create index reviews_customer_name_folded_trgm_idx on public.reviews using gin (customer_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index reviews_comment_folded_trgm_idx on public.reviews using gin (comment_folded extensions.gin_trgm_ops) with (fastupdate = off);
-- Filter and sort by rating (one index per order: no second index on its prefix (rating) alone);
-- it includes what the list's typed text and status filter read, so that a page in that order
-- walks the index alone (docs/search.md#sorting).
create index reviews_rating_id_idx on public.reviews (rating, id)
  include (status, customer_name_folded, comment_folded);
-- A star filter in the order of creation (the default order, or oldest first): the filter's rows
-- in that order, so that a page's ids are its own index entries instead of a walk over the other
-- ratings or a sort of every match (one star at 1M, page 41: 1,353 -> 742 buffers; page 1:
-- 1,598 -> 544; docs/search.md#sorting); the status and the typed text's columns are included for
-- those filters on top (a search among the four-star reviews walks the four-star entries alone).
create index reviews_rating_created_at_idx on public.reviews (rating, created_at desc, id desc)
  include (status, customer_name_folded, comment_folded);

-- The hidden reviews by rating (the moderation of the worst or best hidden ones): a page's ids are
-- this index's entries, at any depth. Hidden reviews are few (3 % at 10M bookings), so the walk of
-- the (rating, id) order past the shown ones (62,700 entries for page 41, 34,900 buffers) becomes
-- a range of 2,050 entries (docs/search.md#sorting).
create index reviews_inactive_rating_id_idx on public.reviews (rating, id) where status = 'inactive';

create function private.reviews_before_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.status := coalesce(new.status, 'active');
  return new;
end
$$;
revoke all on function private.reviews_before_write() from public, anon, authenticated;

create trigger reviews_before_write
  before insert or update on public.reviews
  for each row execute function private.reviews_before_write();

create trigger reviews_set_updated_at
  before update on public.reviews
  for each row execute function private.set_updated_at();

revoke all on table public.reviews from anon, authenticated;
grant select, update on table public.reviews to authenticated;
grant all on table public.reviews to service_role;

create policy reviews_select on public.reviews
  for select to authenticated
  using (
    (select private.is_admin())
    or customer_id = (select auth.uid())
    or provider_id = (select auth.uid())
  );

-- Moderation (status) is the admins' job.
create policy reviews_admin_update on public.reviews
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
