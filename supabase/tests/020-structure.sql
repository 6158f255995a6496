-- Structure: primary keys, the foreign keys that carry meaning, money and rate types, the policy
-- set of every table (one per command and role, named for what it allows), the triggers of every
-- table, indexes on every foreign key (lint unindexed_foreign_keys) and no duplicate index.
begin;
set search_path = public, extensions;
select plan(103);

-- ------------------------------------------------------------------ primary keys
select col_is_pk('public', 'audit_log', 'id', 'audit_log.id is the primary key');
select col_is_pk('public', 'booking_stats_daily', array['day', 'status'], 'booking_stats_daily is keyed by (day, status)');
select col_is_pk('public', 'bookings', 'id', 'bookings.id is the primary key');
select col_is_pk('public', 'categories', 'id', 'categories.id is the primary key');
select col_is_pk('public', 'commission_stats_daily', 'day', 'commission_stats_daily.day is the primary key');
select col_is_pk('public', 'commissions', 'id', 'commissions.id is the primary key');
select col_is_pk('public', 'conversations', 'id', 'conversations.id is the primary key');
select col_is_pk('public', 'deposit_history', 'id', 'deposit_history.id is the primary key');
select col_is_pk('public', 'discount_code_services', array['discount_code_id', 'subcategory_id'], 'discount_code_services is keyed by (discount_code_id, subcategory_id)');
select col_is_pk('public', 'discount_codes', 'id', 'discount_codes.id is the primary key');
select col_is_pk('public', 'messages', 'id', 'messages.id is the primary key');
select col_is_pk('public', 'profiles', 'id', 'profiles.id is the primary key');
select col_is_pk('public', 'provider_documents', 'id', 'provider_documents.id is the primary key');
select col_is_pk('public', 'provider_service_types', array['provider_id', 'subcategory_id'], 'provider_service_types is keyed by (provider_id, subcategory_id)');
select col_is_pk('public', 'reviews', 'id', 'reviews.id is the primary key');
select col_is_pk('public', 'service_items', 'id', 'service_items.id is the primary key');
select col_is_pk('public', 'settings', 'id', 'settings.id is the primary key');
select col_is_pk('public', 'subcategories', 'id', 'subcategories.id is the primary key');

-- ------------------------------------------------------------------ foreign keys
select fk_ok('public', 'profiles', 'id', 'auth', 'users', 'id');
select fk_ok('public', 'subcategories', 'category_id', 'public', 'categories', 'id');
select fk_ok('public', 'service_items', 'subcategory_id', 'public', 'subcategories', 'id');
select fk_ok('public', 'bookings', 'customer_id', 'public', 'profiles', 'id');
select fk_ok('public', 'bookings', 'provider_id', 'public', 'profiles', 'id');
select fk_ok('public', 'bookings', 'subcategory_id', 'public', 'subcategories', 'id');
select fk_ok('public', 'bookings', 'service_item_id', 'public', 'service_items', 'id');
select fk_ok('public', 'reviews', 'booking_id', 'public', 'bookings', 'id');
select fk_ok('public', 'commissions', 'booking_id', 'public', 'bookings', 'id');
select fk_ok('public', 'deposit_history', 'provider_id', 'public', 'profiles', 'id');
select fk_ok('public', 'discount_code_services', 'discount_code_id', 'public', 'discount_codes', 'id');
select fk_ok('public', 'discount_code_services', 'subcategory_id', 'public', 'subcategories', 'id');
select fk_ok('public', 'conversations', 'booking_id', 'public', 'bookings', 'id');
select fk_ok('public', 'messages', 'conversation_id', 'public', 'conversations', 'id');
select fk_ok('public', 'messages', 'booking_id', 'public', 'bookings', 'id');
select fk_ok('public', 'provider_service_types', 'provider_id', 'public', 'profiles', 'id');
select fk_ok('public', 'provider_service_types', 'subcategory_id', 'public', 'subcategories', 'id');
select fk_ok('public', 'provider_documents', 'provider_id', 'public', 'profiles', 'id');
select col_is_unique('public', 'commissions', 'booking_id', 'one commission per booking');
select col_is_unique('public', 'reviews', 'booking_id', 'one review per booking');
select col_is_unique('public', 'conversations', 'booking_id', 'one conversation per booking');

-- ------------------------------------------------------------------ money and rates
select col_type_is('public', 'profiles', 'deposit', 'bigint', 'profiles.deposit is whole đồng (bigint)');
select col_type_is('public', 'profiles', 'total_earnings', 'bigint', 'profiles.total_earnings is whole đồng (bigint)');
select col_type_is('public', 'service_items', 'price', 'bigint', 'service_items.price is whole đồng (bigint)');
select col_type_is('public', 'bookings', 'original_price', 'bigint', 'bookings.original_price is whole đồng (bigint)');
select col_type_is('public', 'bookings', 'final_price', 'bigint', 'bookings.final_price is whole đồng (bigint)');
select col_type_is('public', 'commissions', 'service_price', 'bigint', 'commissions.service_price is whole đồng (bigint)');
select col_type_is('public', 'commissions', 'platform_fee', 'bigint', 'commissions.platform_fee is whole đồng (bigint)');
select col_type_is('public', 'commissions', 'provider_amount', 'bigint', 'commissions.provider_amount is whole đồng (bigint)');
select col_type_is('public', 'deposit_history', 'amount', 'bigint', 'deposit_history.amount is whole đồng (bigint)');
select col_type_is('public', 'settings', 'min_deposit_amount', 'bigint', 'settings.min_deposit_amount is whole đồng (bigint)');
select col_type_is('public', 'subcategories', 'commission_rate', 'numeric(5,2)', 'subcategories.commission_rate is numeric(5,2)');
select col_type_is('public', 'commissions', 'commission_rate', 'numeric(5,2)', 'commissions.commission_rate is numeric(5,2)');
select col_type_is('public', 'settings', 'commission_rate', 'numeric(5,2)', 'settings.commission_rate is numeric(5,2)');
select col_type_is('public', 'bookings', 'created_at', 'timestamp with time zone', 'bookings.created_at is timestamptz');
select col_type_is('public', 'bookings', 'updated_at', 'timestamp with time zone', 'bookings.updated_at is timestamptz');
select col_type_is('public', 'messages', 'created_at', 'timestamp with time zone', 'messages.created_at is timestamptz');
select col_type_is('public', 'deposit_history', 'created_at', 'timestamp with time zone', 'deposit_history.created_at is timestamptz');

-- ------------------------------------------------------------------ policies per table
select policies_are('public', 'audit_log', array['audit_log_admin_select', 'audit_log_not_banned'], 'policies of audit_log');
select policies_are('public', 'booking_stats_daily', array['booking_stats_daily_admin_select', 'booking_stats_daily_not_banned'], 'policies of booking_stats_daily');
select policies_are('public', 'bookings', array['bookings_admin_update', 'bookings_select', 'bookings_not_banned'], 'policies of bookings');
select policies_are('public', 'categories', array['categories_admin_delete', 'categories_admin_insert', 'categories_admin_update', 'categories_anon_select', 'categories_select', 'categories_not_banned'], 'policies of categories');
select policies_are('public', 'commission_stats_daily', array['commission_stats_daily_admin_select', 'commission_stats_daily_not_banned'], 'policies of commission_stats_daily');
select policies_are('public', 'commissions', array['commissions_select', 'commissions_not_banned'], 'policies of commissions');
select policies_are('public', 'conversations', array['conversations_admin_insert', 'conversations_admin_update', 'conversations_select', 'conversations_not_banned'], 'policies of conversations');
select policies_are('public', 'deposit_history', array['deposit_history_admin_insert', 'deposit_history_admin_update', 'deposit_history_select', 'deposit_history_not_banned'], 'policies of deposit_history');
select policies_are('public', 'discount_code_services', array['discount_code_services_admin_delete', 'discount_code_services_admin_insert', 'discount_code_services_admin_select', 'discount_code_services_not_banned'], 'policies of discount_code_services');
select policies_are('public', 'discount_codes', array['discount_codes_admin_delete', 'discount_codes_admin_insert', 'discount_codes_admin_select', 'discount_codes_admin_update', 'discount_codes_not_banned'], 'policies of discount_codes');
select policies_are('public', 'messages', array['messages_participant_insert', 'messages_recipient_update', 'messages_select', 'messages_not_banned'], 'policies of messages');
select policies_are('public', 'profiles', array['profiles_select', 'profiles_update', 'profiles_not_banned'], 'policies of profiles');
select policies_are('public', 'provider_documents', array['provider_documents_admin_delete', 'provider_documents_admin_insert', 'provider_documents_admin_update', 'provider_documents_select', 'provider_documents_not_banned'], 'policies of provider_documents');
select policies_are('public', 'provider_service_types', array['provider_service_types_admin_delete', 'provider_service_types_admin_insert', 'provider_service_types_select', 'provider_service_types_not_banned'], 'policies of provider_service_types');
select policies_are('public', 'reviews', array['reviews_admin_update', 'reviews_select', 'reviews_not_banned'], 'policies of reviews');
select policies_are('public', 'service_items', array['service_items_admin_delete', 'service_items_admin_insert', 'service_items_admin_update', 'service_items_anon_select', 'service_items_select', 'service_items_not_banned'], 'policies of service_items');
select policies_are('public', 'settings', array['settings_admin_insert', 'settings_admin_update', 'settings_anon_select', 'settings_authenticated_select', 'settings_not_banned'], 'policies of settings');
select policies_are('public', 'subcategories', array['subcategories_admin_delete', 'subcategories_admin_insert', 'subcategories_admin_update', 'subcategories_anon_select', 'subcategories_select', 'subcategories_not_banned'], 'policies of subcategories');
select policies_are('storage', 'objects', array['sdv_objects_delete', 'sdv_objects_insert', 'sdv_objects_select', 'sdv_objects_update', 'sdv_objects_not_banned'], 'policies of storage.objects');
select policy_roles_are('public', 'categories', 'categories_anon_select', array['anon'], 'the anon catalogue policy is for anon only');
select policy_roles_are('public', 'bookings', 'bookings_select', array['authenticated'], 'bookings_select is for authenticated only');
select policy_cmd_is('public', 'bookings', 'bookings_admin_update', 'update', 'bookings_admin_update is an UPDATE policy');
select policy_cmd_is('public', 'deposit_history', 'deposit_history_admin_update', 'update', 'deposit_history_admin_update is an UPDATE policy');
select is_empty(
  $$ select tablename, cmd, r.role from pg_policies p cross join unnest(p.roles) as r(role)
      where schemaname = 'public' and permissive = 'PERMISSIVE'
      group by tablename, cmd, r.role having count(*) > 1 $$,
  'at most one permissive policy per table, command and role (lint multiple_permissive_policies)');
select is_empty(
  $$ select tablename, policyname from pg_policies
      where schemaname = 'public'
        and ((qual ~ 'auth\.(uid|jwt|role)\(\)' and qual !~ 'SELECT auth\.(uid|jwt|role)\(\)')
          or (with_check ~ 'auth\.(uid|jwt|role)\(\)' and with_check !~ 'SELECT auth\.(uid|jwt|role)\(\)')
          or (qual ~ 'is_admin\(\)' and qual !~ 'SELECT private\.is_admin\(\)')
          or (with_check ~ 'is_admin\(\)' and with_check !~ 'SELECT private\.is_admin\(\)')) $$,
  'policies wrap auth.uid() / is_admin() in a select (lint auth_rls_initplan)');
select is_empty(
  $$ select tablename, policyname from pg_policies
      where schemaname in ('public', 'storage') and (coalesce(qual, '') ~ 'user_metadata' or coalesce(with_check, '') ~ 'user_metadata') $$,
  'no policy reads user_metadata (lint rls_references_user_metadata)');

-- ------------------------------------------------------------------ triggers per table
select triggers_are('auth', 'users', array['audit_auth_users', 'on_auth_user_created', 'on_auth_user_email_changed', 'on_auth_user_signed_in'], 'auth.users carries the audit, profile, e-mail sync and sign-in triggers');
select triggers_are('public', 'bookings', array['audit_bookings', 'bookings_add_search_values_insert', 'bookings_add_search_values_update', 'bookings_completion_stamp', 'bookings_fill_snapshot', 'bookings_rollup_delete', 'bookings_rollup_insert', 'bookings_rollup_update', 'bookings_set_updated_at', 'bookings_sync_commission'], 'triggers of bookings');
select triggers_are('public', 'categories', array['audit_categories', 'categories_fill_sort_order', 'categories_set_updated_at'], 'triggers of categories');
select triggers_are('public', 'commissions', array['commissions_rollup_delete', 'commissions_rollup_insert', 'commissions_rollup_update', 'commissions_provider_rollup_delete', 'commissions_provider_rollup_insert', 'commissions_provider_rollup_update', 'commissions_service_rollup_delete', 'commissions_service_rollup_insert', 'commissions_service_rollup_update', 'commissions_set_updated_at', 'commissions_sync_earnings'], 'triggers of commissions');
select triggers_are('public', 'conversations', array['conversations_names', 'conversations_set_updated_at'], 'triggers of conversations');
select triggers_are('public', 'deposit_history', array['audit_deposit_history', 'deposit_apply_transition', 'deposit_history_rollup_delete', 'deposit_history_rollup_insert', 'deposit_history_rollup_update', 'deposit_history_set_updated_at'], 'triggers of deposit_history');
select triggers_are('public', 'discount_code_services', array['audit_discount_code_services'], 'triggers of discount_code_services');
select triggers_are('public', 'discount_codes', array['audit_discount_codes', 'discount_codes_delete_unused', 'discount_codes_expiry_future', 'discount_codes_normalise', 'discount_codes_set_updated_at'], 'triggers of discount_codes');
select triggers_are('public', 'messages', array['messages_after_insert', 'messages_before_insert', 'messages_read_at'], 'triggers of messages');
select triggers_are('public', 'profiles', array['audit_profiles', 'profiles_before_write', 'profiles_conversation_names', 'profiles_email_follows_auth', 'profiles_money_guard', 'profiles_normalize_contact', 'profiles_protect_columns', 'profiles_role_rollup_delete', 'profiles_role_rollup_insert', 'profiles_role_rollup_update', 'profiles_set_updated_at', 'profiles_sync_ban'], 'triggers of profiles');
select triggers_are('public', 'provider_documents', array['audit_provider_documents', 'provider_documents_set_updated_at'], 'triggers of provider_documents');
select triggers_are('public', 'provider_service_types', array['audit_provider_service_types'], 'triggers of provider_service_types');
select triggers_are('public', 'reviews', array['audit_reviews', 'reviews_before_write', 'reviews_set_updated_at'], 'triggers of reviews');
select triggers_are('public', 'service_items', array['audit_service_items', 'service_items_fill_sort_order', 'service_items_set_updated_at'], 'triggers of service_items');
select triggers_are('public', 'settings', array['audit_settings', 'settings_set_updated_at'], 'triggers of settings');
select triggers_are('public', 'subcategories', array['audit_subcategories', 'subcategories_fill_sort_order', 'subcategories_set_updated_at'], 'triggers of subcategories');

-- ------------------------------------------------------------------ indexes
select is_empty(
  $$ select c.conrelid::regclass::text, c.conname
       from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
           where i.indrelid = c.conrelid
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey) $$,
  'every foreign key has an index led by its columns (lint unindexed_foreign_keys)');
select is_empty(
  $$ select indrelid::regclass::text, array_agg(indexrelid::regclass::text)
       from pg_index where indrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
      group by indrelid, indkey::text, coalesce(indexprs::text, ''), coalesce(indpred::text, ''), indclass::text
     having count(*) > 1 $$,
  'no duplicate index (lint duplicate_index)');
select has_index('public', 'discount_codes', 'discount_codes_code_upper_key', 'the case-insensitive unique index on promotion codes exists');
select index_is_unique('public', 'discount_codes', 'discount_codes_code_upper_key', 'it is unique');

-- The audit log is vacuumed after 0.5 % new entries, so its newest entries are counted from the
-- indexes alone (docs/database.md#autovacuum-of-the-audit-log).
select is((select reloptions from pg_class where oid = 'public.audit_log'::regclass),
  array['autovacuum_analyze_scale_factor=0.005', 'autovacuum_vacuum_insert_scale_factor=0.005'],
  'the audit log is vacuumed and analysed after 0.5 % new entries');

select * from finish();
rollback;
