-- The statistics of the admin detail screens: a provider's and a customer's bookings by status
-- (docs/product.md#booking-status), a provider's active reviews (docs/product.md#review-status).
-- security invoker (RLS applies) and refused to anyone but an admin or the service role (42501).

-- The body of both: the bookings whose p_column (provider_id or customer_id) is p_id, counted by
-- status, with the final price of the completed ones under the key p_money_key; 42501 for anyone
-- but an admin or the service role.
create function private.booking_status_counts(p_column text, p_id uuid, p_money_key text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  execute format(
    'select jsonb_build_object(
              ''total'', count(*),
              ''pending'', count(*) filter (where status = ''pending''),
              ''confirmed'', count(*) filter (where status = ''confirmed''),
              ''pending_completion'', count(*) filter (where status = ''pending_completion''),
              ''completed'', count(*) filter (where status = ''completed''),
              ''cancelled'', count(*) filter (where status = ''cancelled''),
              ''in_progress'', count(*) filter (where status in (''pending'', ''confirmed'', ''pending_completion'')),
              %L, coalesce(sum(final_price) filter (where status = ''completed''), 0)
            )
       from public.bookings
      where %I = $1', p_money_key, p_column)
    into result
    using p_id;
  return result;
end
$$;

revoke all on function private.booking_status_counts(text, uuid, text) from public, anon;
grant execute on function private.booking_status_counts(text, uuid, text) to authenticated, service_role;

create function public.provider_stats(p_provider_id uuid)
returns jsonb language sql stable security invoker set search_path = ''
as $$ select private.booking_status_counts('provider_id', p_provider_id, 'total_revenue') $$;

create function public.customer_stats(p_customer_id uuid)
returns jsonb language sql stable security invoker set search_path = ''
as $$ select private.booking_status_counts('customer_id', p_customer_id, 'total_spent') $$;

-- Only active reviews count (docs/product.md#review-status).
create function public.provider_review_summary(p_provider_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'count', count(*),
           'average', coalesce(round(avg(rating), 2), 0),
           'distribution', jsonb_build_object(
             '1', count(*) filter (where rating = 1),
             '2', count(*) filter (where rating = 2),
             '3', count(*) filter (where rating = 3),
             '4', count(*) filter (where rating = 4),
             '5', count(*) filter (where rating = 5)
           )
         )
    into result
    from public.reviews
   where provider_id = p_provider_id and status = 'active';
  return result;
end
$$;

comment on function public.provider_stats(uuid) is
  'Bookings of one provider by status, in progress, and total_revenue (final price of completed bookings). Admins only.';
comment on function public.customer_stats(uuid) is
  'Bookings of one customer by status, in progress, and total_spent (final price of completed bookings). Admins only.';
comment on function public.provider_review_summary(uuid) is
  'Count, average and 1–5 distribution of one provider''s active reviews. Admins only.';

revoke all on function public.provider_stats(uuid) from public, anon;
revoke all on function public.customer_stats(uuid) from public, anon;
revoke all on function public.provider_review_summary(uuid) from public, anon;
grant execute on function public.provider_stats(uuid) to authenticated, service_role;
grant execute on function public.customer_stats(uuid) to authenticated, service_role;
grant execute on function public.provider_review_summary(uuid) to authenticated, service_role;
