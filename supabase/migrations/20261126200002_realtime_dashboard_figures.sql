-- Realtime for the dashboard's remaining figures (docs/marketplace.md#live-back-office): new
-- customers and providers (profiles) and service packages (service_items) reach the back office as
-- they are written, like bookings, deposits and commissions already do. Delivery stays decided by
-- RLS as the subscriber: a customer or provider only ever receives its own profile row.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['profiles', 'service_items'] loop
    if not exists (
      select 1 from pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = v_table
    ) then
      execute format('alter publication supabase_realtime add table public.%I', v_table);
    end if;
  end loop;
end
$$;
