-- Accent-insensitive search and every offered sort, index-backed (docs/search.md).
--
-- Search: each searched column of the large tables gets a stored generated column holding
-- private.vi_fold(col) (`<col>_folded`) and a trigram GIN index on it. The index serves both kinds of
-- typed text (private.vi_search_condition): "contains" for 3+ characters, and "a word starts with"
-- for 1–2 letters. Why stored columns rather than indexes on the private.vi_fold(col) expression:
-- a trigram match is always rechecked on the row, and with an expression index the recheck calls
-- private.vi_fold (unaccent, ~10 µs a row): a name shared by 6,000 customers cost 80 ms on
-- seed:large, against a few ms on the stored text.
-- The trigram indexes on the raw columns served the old `ilike` searches, which no list sends any
-- more: they are dropped (each one cost every insert on tables of up to a million rows).
--
-- Sort: a btree on (key, id) per offered key (walked forwards or backwards; a cursor's row
-- comparison is its index condition).

drop index if exists public.profiles_name_trgm_idx;
drop index if exists public.profiles_email_trgm_idx;
drop index if exists public.bookings_service_item_name_trgm_idx;
drop index if exists public.bookings_service_name_trgm_idx;
drop index if exists public.reviews_customer_name_trgm_idx;
drop index if exists public.reviews_comment_trgm_idx;

alter table public.profiles
  add column if not exists name_folded text generated always as (private.vi_fold(name)) stored,
  add column if not exists email_folded text generated always as (private.vi_fold(email)) stored;
alter table public.bookings
  add column if not exists service_item_name_folded text generated always as (private.vi_fold(service_item_name)) stored,
  add column if not exists service_name_folded text generated always as (private.vi_fold(service_name)) stored,
  add column if not exists customer_name_folded text generated always as (private.vi_fold(customer_name)) stored;
alter table public.reviews
  add column if not exists customer_name_folded text generated always as (private.vi_fold(customer_name)) stored,
  add column if not exists comment_folded text generated always as (private.vi_fold(comment)) stored;
alter table public.discount_codes
  add column if not exists code_folded text generated always as (private.vi_fold(code)) stored;

comment on column public.profiles.name_folded is 'private.vi_fold(name): accent-insensitive search (docs/search.md).';
comment on column public.profiles.email_folded is 'private.vi_fold(email): accent-insensitive search (docs/search.md).';
comment on column public.bookings.service_item_name_folded is 'private.vi_fold(service_item_name): accent-insensitive search (docs/search.md).';
comment on column public.bookings.service_name_folded is 'private.vi_fold(service_name): accent-insensitive search (docs/search.md).';
comment on column public.bookings.customer_name_folded is 'private.vi_fold(customer_name): accent-insensitive search (docs/search.md).';
comment on column public.reviews.customer_name_folded is 'private.vi_fold(customer_name): accent-insensitive search (docs/search.md).';
comment on column public.reviews.comment_folded is 'private.vi_fold(comment): accent-insensitive search (docs/search.md).';
comment on column public.discount_codes.code_folded is 'private.vi_fold(code): accent-insensitive search (docs/search.md).';

create index if not exists profiles_name_folded_trgm_idx on public.profiles using gin (name_folded extensions.gin_trgm_ops);
create index if not exists profiles_email_folded_trgm_idx on public.profiles using gin (email_folded extensions.gin_trgm_ops);
create index if not exists bookings_service_item_name_folded_trgm_idx on public.bookings using gin (service_item_name_folded extensions.gin_trgm_ops);
create index if not exists bookings_service_name_folded_trgm_idx on public.bookings using gin (service_name_folded extensions.gin_trgm_ops);
create index if not exists bookings_customer_name_folded_trgm_idx on public.bookings using gin (customer_name_folded extensions.gin_trgm_ops);
create index if not exists reviews_customer_name_folded_trgm_idx on public.reviews using gin (customer_name_folded extensions.gin_trgm_ops);
create index if not exists reviews_comment_folded_trgm_idx on public.reviews using gin (comment_folded extensions.gin_trgm_ops);
create index if not exists discount_codes_code_folded_trgm_idx on public.discount_codes using gin (code_folded extensions.gin_trgm_ops);

-- Sorts.
create index if not exists profiles_role_name_vi_idx on public.profiles (role, name collate private.vi, id);
create index if not exists profiles_customer_total_bookings_idx on public.profiles (total_bookings, id) where role = 'customer';
create index if not exists profiles_provider_deposit_idx on public.profiles (deposit, id) where role = 'provider';
create index if not exists profiles_provider_total_earnings_idx on public.profiles (total_earnings, id) where role = 'provider';
create index if not exists bookings_final_price_id_idx on public.bookings (final_price, id);
create index if not exists bookings_customer_name_vi_idx on public.bookings (customer_name collate private.vi, id);
create index if not exists reviews_rating_id_idx on public.reviews (rating, id);
-- Conversations without messages sort as the oldest: the key is coalesce(last_message_at, '-infinity').
create index if not exists conversations_last_message_sort_idx on public.conversations (coalesce(last_message_at, '-infinity'::timestamptz), id);
create index if not exists conversations_created_at_id_idx on public.conversations (created_at, id);
create index if not exists commissions_final_price_id_idx on public.commissions (final_price, id);
create index if not exists commissions_platform_fee_id_idx on public.commissions (platform_fee, id);
create index if not exists deposit_history_amount_id_idx on public.deposit_history (amount, id);
create index if not exists discount_codes_code_id_idx on public.discount_codes (code, id);
create index if not exists discount_codes_uses_count_id_idx on public.discount_codes (uses_count, id);
create index if not exists discount_codes_expires_at_id_idx on public.discount_codes (expires_at, id);
