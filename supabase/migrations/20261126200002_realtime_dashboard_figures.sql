-- Realtime for the dashboard's remaining figures (docs/marketplace.md#live-back-office): new
-- customers and providers (profiles) and service packages (service_items) reach the back office as
-- they are written, like bookings, deposits and commissions already do. Delivery stays decided by
-- RLS as the subscriber: a customer or provider only ever receives its own profile row.
alter publication supabase_realtime add table public.profiles, public.service_items;
