-- The tables behind the dashboard's figures are all in the supabase_realtime publication
-- (docs/marketplace.md#live-back-office), so the figures follow them without a reload.
begin;
set search_path = public, extensions;
select plan(7);

select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t),
          format('%s is in the supabase_realtime publication', t))
  from unnest(array['bookings', 'deposit_history', 'commissions', 'profiles', 'service_items', 'messages', 'conversations']) as t;

select * from finish();
rollback;
