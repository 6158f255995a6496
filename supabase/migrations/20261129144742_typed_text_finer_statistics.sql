-- typed_text_finer_statistics: written by hand (pg-delta does not generate a column's statistics
-- target; docs/database.md#what-pg-delta-does-not-generate), checked with `npm run db:diff -- --check`.
-- The typed-text columns get a 1,000-bucket histogram: the planner's estimate of a LIKE '%…%' decides
-- whether a list counts its matches exactly and sorts them as asked (docs/search.md#totals).

alter table public.profiles alter column name_folded set statistics 1000, alter column email_folded set statistics 1000;

alter table public.bookings alter column customer_name_folded set statistics 1000,
  alter column service_name_folded set statistics 1000, alter column service_item_name_folded set statistics 1000;

alter table public.reviews alter column customer_name_folded set statistics 1000, alter column comment_folded set statistics 1000;

alter table public.conversations alter column customer_name_folded set statistics 1000,
  alter column provider_name_folded set statistics 1000;

-- The new histograms now, not at the next autovacuum analyze (20 s for 10M bookings).
analyze public.profiles (name_folded, email_folded);
analyze public.bookings (customer_name_folded, service_name_folded, service_item_name_folded);
analyze public.reviews (customer_name_folded, comment_folded);
analyze public.conversations (customer_name_folded, provider_name_folded);
