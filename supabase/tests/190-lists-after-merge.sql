-- The deposit history labels the ledger's adjustments; the audit log pages with cursors.
begin;
select plan(6);

select tests.create_user('c190-admin@test.vn', 'customer', true);
insert into public.audit_log (table_name, row_id, action, changes)
  select 'settings', 'c190-' || n, 'update', '{}'::jsonb from generate_series(1, 5) n;
select tests.authenticate_as(tests.user_id('c190-admin@test.vn'));

select ok(
  (select bool_and(r ? 'kind' and r ->> 'kind' in ('deposit', 'adjustment'))
     from jsonb_array_elements(public.admin_list_deposits(p_limit => 20) -> 'rows') r),
  'every deposit history row says whether it is a deposit or an adjustment');

create temp table pages on commit drop as
  select public.admin_list_audit_log(p_limit => 2) as first_page;
select is(jsonb_array_length((select first_page -> 'rows' from pages)), 2, 'the audit log''s first page has its rows');
select ok(
  not exists (
    select 1
      from jsonb_array_elements(
             public.admin_list_audit_log(p_limit => 2, p_after => (select first_page ->> 'last_cursor' from pages)) -> 'rows') n
     where n -> 'id' in (select r -> 'id' from pages, jsonb_array_elements(first_page -> 'rows') r)),
  'the next page after the last cursor repeats no row');
select throws_ok($$ select public.admin_list_audit_log(p_sort => 'actor_email.asc') $$, '22023', null,
                 'a sort the audit log does not offer is refused');
select throws_ok($$ select public.admin_list_audit_log(p_after => '["2026-01-01T00:00:00+00:00", "not-a-number"]') $$,
                 '22023', null, 'a cursor whose id is not an audit log id is refused');

select tests.as_superuser();
select tests.create_user('c190-khach@test.vn', 'customer');
update public.profiles set name = 'Đỗ Thị Hằng' where id = tests.user_id('c190-khach@test.vn');
select is(
  (select array_agg(k order by k) from public.audit_log a, jsonb_object_keys(a.changes) k
    where a.table_name = 'profiles' and a.row_id = tests.user_id('c190-khach@test.vn')::text and a.action = 'update'),
  array['name'], 'a rename is logged as the name alone, not its generated search copy');

select * from finish();
rollback;
