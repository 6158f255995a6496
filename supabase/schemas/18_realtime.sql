-- Realtime postgres_changes (docs/database.md#storage-and-realtime): delivery is decided by RLS as
-- the subscriber (a customer or provider only ever receives its own rows).
--   * messages and conversations: the live chat;
--   * bookings (queues included), deposit_history, reviews, commissions, discount_codes (promotion
--     code uses), profiles (new customers and providers) and service_items (packages): the back
--     office and its dashboard follow the marketplace as it happens (docs/marketplace.md#live-back-office,
--     src/app/live-updates.tsx).

alter publication supabase_realtime add table
  public.messages, public.conversations,
  public.bookings, public.deposit_history, public.reviews, public.commissions, public.discount_codes,
  public.profiles, public.service_items;
