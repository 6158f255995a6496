-- The audit log: every change an admin makes to bookings, profiles, deposits, promotion codes,
-- reviews, catalogue and settings is recorded by the database (actor, table, row, changed fields
-- old → new), readable by admins only, never editable — not by admins, not by the service role.
begin;
set search_path = public, extensions;
select plan(39);

select tests.make_world();
select set_config('tests.audit_before', (select coalesce(max(id), 0) from public.audit_log)::text, true);

-- ------------------------------------------------------------------ admin changes are recorded
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
update public.bookings set status = 'confirmed' where id = tests.id('booking_a');
update public.profiles set status = 'banned' where id = tests.user_id('prov.q@pgtap.test');
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p');
update public.discount_codes set discount_value = 15 where id = tests.id('promo');
update public.reviews set status = 'inactive' where id = tests.id('review_b');
update public.categories set name = 'Ngành kiểm thử 2' where id = tests.id('cat');
update public.subcategories set commission_rate = 18 where id = tests.id('svc_active');
update public.service_items set price = 210000 where id = tests.id('item_active');
update public.settings set maintenance_mode = true where id = 'app';
insert into public.discount_code_services (discount_code_id, subcategory_id) values (tests.id('promo'), tests.id('svc_inactive'));
delete from public.provider_service_types where provider_id = tests.user_id('prov.q@pgtap.test');
update public.provider_documents set name = 'CCCD mặt sau' where id = tests.id('doc_p');
insert into public.categories (id, name, icon) values (tests.id('cat_audit'), 'Ngành tạm', 'x');
delete from public.categories where id = tests.id('cat_audit');

select tests.as_superuser();
select results_eq(
  $$ select actor_id, actor_email, action, changes
       from public.audit_log
      where id > current_setting('tests.audit_before')::bigint and table_name = 'bookings' and row_id = tests.id('booking_a')::text $$,
  $$ values (tests.user_id('admin@pgtap.test'), 'admin@pgtap.test'::text, 'update'::text, '{"status": ["pending", "confirmed"]}'::jsonb) $$,
  'a booking status change is logged with the admin, the action and {status: [old, new]} only');
select ok((select bool_and(not (changes ? 'updated_at')) from public.audit_log where id > current_setting('tests.audit_before')::bigint),
  'updated_at is not reported as a change');

select ok(exists (select 1 from public.audit_log where id > current_setting('tests.audit_before')::bigint and table_name = t.name
                     and actor_id = tests.user_id('admin@pgtap.test')),
          format('an admin change to %s is logged with the admin as actor', t.name))
  from (values ('profiles'), ('deposit_history'), ('discount_codes'), ('reviews'), ('categories'), ('subcategories'),
               ('service_items'), ('settings'), ('discount_code_services'), ('provider_service_types'), ('provider_documents')) as t(name);

select is((select changes -> 'status' from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'profiles' and row_id = tests.user_id('prov.q@pgtap.test')::text
              and actor_id = tests.user_id('admin@pgtap.test')),
  '["active", "banned"]'::jsonb, 'a provider status change records old → new');
select is((select changes -> 'status' from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'deposit_history' and row_id = tests.id('deposit_p')::text),
  '["pending", "completed"]'::jsonb, 'a deposit status change records old → new');
select ok((select changes ? 'deposit' from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'profiles' and row_id = tests.user_id('prov.p@pgtap.test')::text
            order by id desc limit 1),
  'the balance change the deposit caused on the provider is logged too');
select is((select changes -> 'price' from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'service_items' and row_id = tests.id('item_active')::text),
  '[200000, 210000]'::jsonb, 'a package price change records old → new');
select is((select changes -> 'maintenance_mode' from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'settings'),
  '[false, true]'::jsonb, 'a settings change records old → new');
select is((select row_id from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'discount_code_services' and action = 'insert'),
  tests.id('promo')::text || ':' || tests.id('svc_inactive')::text, 'a link row is identified by its composite key');
select is((select action from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'provider_service_types'),
  'delete', 'a deletion is logged as delete');
select set_eq($$ select action from public.audit_log
                  where id > current_setting('tests.audit_before')::bigint and table_name = 'categories' and row_id = tests.id('cat_audit')::text $$,
  array['insert', 'delete'], 'an insert and a delete are both logged');
select is((select changes -> 'name' -> 1 from public.audit_log
            where id > current_setting('tests.audit_before')::bigint and table_name = 'categories' and row_id = tests.id('cat_audit')::text and action = 'insert'),
  '"Ngành tạm"'::jsonb, 'an insert records the new values');
select ok((select created_at from public.audit_log where id > current_setting('tests.audit_before')::bigint limit 1) = now(), 'each entry has its time');

-- an update that changes nothing writes nothing
select set_config('tests.audit_mid', (select max(id) from public.audit_log)::text, true);
update public.bookings set status = status where id = tests.id('booking_a');
select is_empty($$ select 1 from public.audit_log where id > current_setting('tests.audit_mid')::bigint $$, 'a no-op update is not logged');

-- ------------------------------------------------------------------ reading
select set_config('tests.audit_total', (select count(*) from public.audit_log)::text, true);
select tests.clear_authentication();
select throws_ok($$ select * from public.audit_log $$, '42501', null, 'anon cannot read the audit log');
select throws_ok($$ insert into public.audit_log (table_name, row_id, action) values ('x', 'x', 'insert') $$, '42501', null, 'anon cannot write the audit log');

select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select * from public.audit_log $$, 'a customer reads nothing of the audit log, not even entries about themselves');
select throws_ok($$ insert into public.audit_log (table_name, row_id, action) values ('bookings', 'x', 'update') $$, '42501', null, 'a customer cannot write the audit log');
select throws_ok($$ update public.audit_log set actor_id = null $$, '42501', null, 'a customer cannot edit the audit log');
select throws_ok($$ delete from public.audit_log $$, '42501', null, 'a customer cannot delete the audit log');

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is_empty($$ select * from public.audit_log $$, 'a provider reads nothing of the audit log');

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*) from public.audit_log), current_setting('tests.audit_total')::bigint, 'an admin reads the whole audit log');
select throws_ok($$ insert into public.audit_log (table_name, row_id, action) values ('bookings', 'x', 'update') $$, '42501', null, 'an admin cannot forge audit entries');
select throws_ok($$ update public.audit_log set changes = '{}' where id > current_setting('tests.audit_before')::bigint $$, '42501', null, 'an admin cannot edit audit entries');
select throws_ok($$ delete from public.audit_log where id > current_setting('tests.audit_before')::bigint $$, '42501', null, 'an admin cannot delete audit entries');

select tests.authenticate_as_service_role();
select is((select count(*) from public.audit_log), current_setting('tests.audit_total')::bigint, 'the service role reads the audit log');
select throws_ok($$ update public.audit_log set changes = '{}' where id > current_setting('tests.audit_before')::bigint $$, '42501', null,
  'the service role cannot edit audit entries');
select throws_ok($$ delete from public.audit_log where id > current_setting('tests.audit_before')::bigint $$, '42501', null,
  'the service role cannot delete audit entries');

-- ------------------------------------------------------------------ non-admin changes name their actor too
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
update public.profiles set name = 'Khách A tự đổi' where id = tests.user_id('cust.a@pgtap.test');
select tests.as_superuser();
select is((select actor_id from public.audit_log where table_name = 'profiles' and row_id = tests.user_id('cust.a@pgtap.test')::text order by id desc limit 1),
  tests.user_id('cust.a@pgtap.test'), 'a customer''s own profile edit is logged with the customer as actor');

select * from finish();
rollback;
