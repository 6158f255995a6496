-- The seed keeps its own promotion rules (supabase/seed.sql): every code's uses_count is the number
-- of bookings that hold it and were not cancelled (a cancellation gives the use back), and never
-- above its max uses.
begin;
set search_path = public, extensions;
select plan(3);

select isnt_empty($$ select 1 from public.bookings where discount_code is not null $$, 'the seed has bookings with promotion codes');
select is_empty($$
  select c.code, c.uses_count, count(b.id) filter (where b.status <> 'cancelled') as bookings
    from public.discount_codes c
    left join public.bookings b on b.discount_code = c.code
   group by c.id
  having c.uses_count <> count(b.id) filter (where b.status <> 'cancelled')
$$, 'every code: uses_count = bookings holding it, not cancelled');
select is_empty($$ select code from public.discount_codes where uses_count > max_uses $$, 'no code is used more than it allows');

select * from finish();
rollback;
