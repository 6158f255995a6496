-- The indexes of accent-insensitive search and of every offered sort (docs/search.md).
-- Search: for each searched column of the large tables, a trigram GIN index on private.vi_fold(col)
-- (typed text of 3+ characters) and a GIN index on private.vi_word_prefixes(col) (1–2 characters).
-- The trigram indexes on the raw columns served the old `ilike` searches, which no list sends any
-- more: they are dropped (each one cost every insert on tables of up to a million rows).
-- Sort: a btree on (key, id) per offered key (walked forwards or backwards, and the row comparison
-- of a cursor is its index condition).

drop index if exists public.profiles_name_trgm_idx;
drop index if exists public.profiles_email_trgm_idx;
drop index if exists public.bookings_service_item_name_trgm_idx;
drop index if exists public.bookings_service_name_trgm_idx;
drop index if exists public.reviews_customer_name_trgm_idx;
drop index if exists public.reviews_comment_trgm_idx;

-- profiles: customers, providers, the provider picker, and the name searches of the other lists.
create index profiles_name_fold_trgm_idx on public.profiles using gin (private.vi_fold(name) extensions.gin_trgm_ops);
create index profiles_email_fold_trgm_idx on public.profiles using gin (private.vi_fold(email) extensions.gin_trgm_ops);
create index profiles_name_prefixes_idx on public.profiles using gin (private.vi_word_prefixes(name));
create index profiles_email_prefixes_idx on public.profiles using gin (private.vi_word_prefixes(email));
create index profiles_role_name_vi_idx on public.profiles (role, name collate private.vi, id);
create index profiles_customer_total_bookings_idx on public.profiles (total_bookings, id) where role = 'customer';
create index profiles_provider_deposit_idx on public.profiles (deposit, id) where role = 'provider';
create index profiles_provider_total_earnings_idx on public.profiles (total_earnings, id) where role = 'provider';

-- bookings: package, service and customer name (snapshots); sorts by price and customer name.
create index bookings_service_item_name_fold_trgm_idx on public.bookings using gin (private.vi_fold(service_item_name) extensions.gin_trgm_ops);
create index bookings_service_name_fold_trgm_idx on public.bookings using gin (private.vi_fold(service_name) extensions.gin_trgm_ops);
create index bookings_customer_name_fold_trgm_idx on public.bookings using gin (private.vi_fold(customer_name) extensions.gin_trgm_ops);
create index bookings_service_item_name_prefixes_idx on public.bookings using gin (private.vi_word_prefixes(service_item_name));
create index bookings_service_name_prefixes_idx on public.bookings using gin (private.vi_word_prefixes(service_name));
create index bookings_customer_name_prefixes_idx on public.bookings using gin (private.vi_word_prefixes(customer_name));
create index bookings_final_price_id_idx on public.bookings (final_price, id);
create index bookings_customer_name_vi_idx on public.bookings (customer_name collate private.vi, id);

-- reviews: the customer's name on the review and the comment; sort by rating.
create index reviews_customer_name_fold_trgm_idx on public.reviews using gin (private.vi_fold(customer_name) extensions.gin_trgm_ops);
create index reviews_comment_fold_trgm_idx on public.reviews using gin (private.vi_fold(comment) extensions.gin_trgm_ops);
create index reviews_customer_name_prefixes_idx on public.reviews using gin (private.vi_word_prefixes(customer_name));
create index reviews_comment_prefixes_idx on public.reviews using gin (private.vi_word_prefixes(comment));
create index reviews_rating_id_idx on public.reviews (rating, id);

-- conversations: latest message first, conversations without messages last (the sort key is
-- coalesce(last_message_at, '-infinity')); by creation.
create index conversations_last_message_sort_idx on public.conversations (coalesce(last_message_at, '-infinity'::timestamptz), id);
create index conversations_created_at_id_idx on public.conversations (created_at, id);

-- commissions and deposits: sorts by amounts.
create index commissions_final_price_id_idx on public.commissions (final_price, id);
create index commissions_platform_fee_id_idx on public.commissions (platform_fee, id);
create index deposit_history_amount_id_idx on public.deposit_history (amount, id);

-- promotion codes: search on the code, sorts.
create index discount_codes_code_fold_trgm_idx on public.discount_codes using gin (private.vi_fold(code) extensions.gin_trgm_ops);
create index discount_codes_code_prefixes_idx on public.discount_codes using gin (private.vi_word_prefixes(code));
create index discount_codes_code_id_idx on public.discount_codes (code, id);
create index discount_codes_uses_count_id_idx on public.discount_codes (uses_count, id);
create index discount_codes_expires_at_id_idx on public.discount_codes (expires_at, id);
