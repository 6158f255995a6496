-- The searches and sorts of the admin lists are index-backed (docs/search.md): the conditions that
-- private.vi_search_condition writes (contains, and a word starting with 1–2 letters) are index
-- conditions of the trigram indexes on the folded columns, every offered sort is the order of an
-- index (no Sort node; the created_at indexes leave ties of one instant to an incremental sort),
-- and a cursor's row comparison is an index condition. The planner is told
-- to avoid sequential scans and sorts, so a plan that still has one has no index to use instead.
begin;
set search_path = public, extensions;
select plan(63);

set local enable_seqscan = off;
set local enable_sort = off;

-- Searches: the trigram index of the folded column, for every kind of typed text.
select matches(tests.query_plan('select id from public.bookings b where ' || private.vi_search_condition('b.customer_name_folded', t.text)),
               'Bitmap Index Scan on bookings_customer_name_folded_trgm_idx\s+Index Cond',
               'bookings customer search "' || t.text || '": trigram index condition')
  from (values ('nguyen'), ('Đỗ'), ('d')) t(text);
select matches(tests.query_plan('select id from public.bookings b where ' || private.vi_search_condition('b.service_item_name_folded', 'ca ngay')),
               'Bitmap Index Scan on bookings_service_item_name_folded_trgm_idx', 'bookings package search: trigram index');
select matches(tests.query_plan('select id from public.bookings b where ' || private.vi_search_condition('b.service_name_folded', 'xn')),
               'Bitmap Index Scan on bookings_service_name_folded_trgm_idx', 'bookings service search (2 letters): trigram index');
select matches(tests.query_plan('select id from public.profiles p where '
                            || private.vi_search_condition('p.name_folded', 'do') || ' or '
                            || private.vi_search_condition('p.email_folded', 'do')),
               'BitmapOr\s+(->\s+Bitmap Index Scan on profiles_name_folded_trgm_idx\s+Index Cond: [^\n]*\n\s+){2}->\s+Bitmap Index Scan on profiles_email_folded_trgm_idx',
               'customers search: name and e-mail indexes combined by a BitmapOr (a word''s start: the value''s start or after a space)');
select matches(tests.query_plan('select id from public.reviews r where ' || private.vi_search_condition('r.comment_folded', 'tệ')),
               'Bitmap Index Scan on reviews_comment_folded_trgm_idx', 'reviews "tệ" (2 letters): trigram index');
select matches(tests.query_plan('select id from public.reviews r where ' || private.vi_search_condition('r.customer_name_folded', 'nguyen')),
               'Bitmap Index Scan on reviews_customer_name_folded_trgm_idx', 'reviews customer name: trigram index');
select matches(tests.query_plan('select id from public.discount_codes d where ' || private.vi_search_condition('d.code_folded', 'giam')),
               'Bitmap Index Scan on discount_codes_code_folded_trgm_idx', 'promotion code search: trigram index');
select doesnt_match(tests.query_plan('select id from public.profiles p where ' || private.vi_search_condition('p.name_folded', 'a')),
                    'Seq Scan', 'a one-letter search reads no whole table');

-- Sorts: each offered order is an index order, both directions.
select matches(tests.query_plan(format('select id from %s order by %s limit 50', s.source, s.sort_order)),
               '^Limit\s+->\s+(Incremental Sort\s+Sort Key: [^\n]*\n\s+Presorted Key: [^\n]*\n\s+->\s+)?Index( Only)? Scan( Backward)? using ' || s.index_name || ' ',
               s.label || ': read in the order of ' || s.index_name)
  from (values
    ('bookings created_at.desc', 'public.bookings b', 'b.created_at desc, b.id desc', 'bookings_created_at_search_idx'),
    ('bookings final_price.desc', 'public.bookings b', 'b.final_price desc, b.id desc', 'bookings_final_price_id_idx'),
    ('bookings final_price.asc', 'public.bookings b', 'b.final_price, b.id', 'bookings_final_price_id_idx'),
    ('bookings customer_name.asc', 'public.bookings b', 'b.customer_name collate private.vi, b.id', 'bookings_customer_name_vi_idx'),
    ('customers created_at.desc', 'public.profiles p where p.role = ''customer''', 'p.created_at desc, p.id desc', 'profiles_customer_created_at_search_idx'),
    ('providers created_at.desc', 'public.profiles p where p.role = ''provider''', 'p.created_at desc, p.id desc', 'profiles_provider_created_at_idx'),
    ('customers name.desc', 'public.profiles p where p.role = ''customer''', 'p.name collate private.vi desc, p.id desc', 'profiles_customer_name_vi_idx'),
    ('customers total_bookings.desc', 'public.profiles p where p.role = ''customer''', 'p.total_bookings desc, p.id desc', 'profiles_customer_total_bookings_idx'),
    ('providers name.asc', 'public.profiles p where p.role = ''provider''', 'p.name collate private.vi, p.id', 'profiles_provider_name_vi_idx'),
    ('providers deposit.asc', 'public.profiles p where p.role = ''provider''', 'p.deposit, p.id', 'profiles_provider_deposit_idx'),
    ('providers total_earnings.desc', 'public.profiles p where p.role = ''provider''', 'p.total_earnings desc, p.id desc', 'profiles_provider_total_earnings_idx'),
    ('reviews rating.desc', 'public.reviews r', 'r.rating desc, r.id desc', 'reviews_rating_id_idx'),
    ('conversations last_message_at.desc', 'public.conversations c', 'coalesce(c.last_message_at, ''-infinity''::timestamptz) desc, c.id desc', 'conversations_last_message_names_idx'),
    ('conversations created_at.asc', 'public.conversations c', 'c.created_at, c.id', 'conversations_created_at_id_idx'),
    ('commissions final_price.desc', 'public.commissions c', 'c.final_price desc, c.id desc', 'commissions_final_price_id_idx'),
    ('commissions platform_fee.asc', 'public.commissions c', 'c.platform_fee, c.id', 'commissions_platform_fee_id_idx'),
    ('deposits amount.desc', 'public.deposit_history d', 'd.amount desc, d.id desc', 'deposit_history_amount_id_idx'),
    ('promotions code.asc', 'public.discount_codes d', 'd.code, d.id', 'discount_codes_code_id_idx'),
    ('promotions uses_count.desc', 'public.discount_codes d', 'd.uses_count desc, d.id desc', 'discount_codes_uses_count_id_idx'),
    ('promotions expires_at.asc', 'public.discount_codes d', 'd.expires_at, d.id', 'discount_codes_expires_at_id_idx')
  ) s(label, source, sort_order, index_name);

-- A filter whose rows follow an order (a service's fees, a status's customers by name) is the first
-- key of that order's index: its rows are one range, not a walk over the others'.
select matches(tests.query_plan(format('select id from %s where %s order by %s limit 50', f.source, f.filter, f.sort_order)),
               '^Limit\s+->\s+Index( Only)? Scan( Backward)? using ' || f.index_name || ' [^\n]*\n\s+Index Cond: \(' || f.cond_column || ' = ',
               f.label || ': one range of ' || f.index_name)
  from (values
    ('commissions of one service by fee', 'public.commissions c', 'c.subcategory_id = ''00000000-0000-4000-8000-000000000003''::uuid',
     'c.platform_fee desc, c.id desc', 'commissions_subcategory_platform_fee_idx', 'subcategory_id'),
    ('commissions of one service by price', 'public.commissions c', 'c.subcategory_id = ''00000000-0000-4000-8000-000000000003''::uuid',
     'c.final_price, c.id', 'commissions_subcategory_final_price_idx', 'subcategory_id'),
    ('inactive customers newest first', 'public.profiles p', 'p.role = ''customer'' and p.status = ''inactive''',
     'p.created_at desc, p.id desc', 'profiles_customer_status_created_at_idx', 'status'),
    ('inactive customers by name', 'public.profiles p', 'p.role = ''customer'' and p.status = ''inactive''',
     'p.name collate private.vi, p.id', 'profiles_customer_status_name_vi_idx', 'status'),
    ('inactive customers by bookings', 'public.profiles p', 'p.role = ''customer'' and p.status = ''inactive''',
     'p.total_bookings desc, p.id desc', 'profiles_customer_status_total_bookings_idx', 'status')
  ) f(label, source, filter, sort_order, index_name, cond_column);

-- A status (a rating) beside typed text in the order of creation: the index of that status's
-- range includes the text's columns, so a page's ids are that range's entries alone, the text tested
-- on them (an index-only scan), not a walk of every row's entry in the default order's index
-- (bookings of one status for a customer's name at 10M bookings, page 11: 57,000 -> 13,700 buffers).
select matches(tests.query_plan(format('select %s.id from %s where %s and %s order by %s limit 50 offset 500',
                                       f.alias, f.source, f.filter, f.text_filter, f.sort_order)),
               '^Limit\s+->\s+Index Only Scan( Backward)? using ' || f.index_name || ' [^\n]*\n\s+Index Cond: \(' || f.cond_column || ' = ',
               f.label || ': one range of ' || f.index_name || ', read from the index alone')
  from (values
    ('cancelled bookings of a customer''s name, newest first', 'b', 'public.bookings b', 'b.status = ''cancelled''',
     private.vi_search_condition('b.customer_name_folded', 'nguyen van'), 'b.created_at desc, b.id desc', 'bookings_status_created_at_idx', 'status'),
    ('pending bookings of a package word, oldest first', 'b', 'public.bookings b', 'b.status = ''pending''',
     private.vi_search_condition('b.service_item_name_folded', 'do'), 'b.created_at, b.id', 'bookings_status_created_at_idx', 'status'),
    ('hidden reviews of a name or comment, newest first', 'r', 'public.reviews r', 'r.status = ''inactive''',
     '(' || private.vi_search_condition('r.customer_name_folded', 'nguyen van') || ' or ' || private.vi_search_condition('r.comment_folded', 'nguyen van') || ')',
     'r.created_at desc, r.id desc', 'reviews_status_created_at_idx', 'status'),
    ('four-star reviews of a name or comment, newest first', 'r', 'public.reviews r', 'r.rating = 4',
     '(' || private.vi_search_condition('r.customer_name_folded', 'do') || ' or ' || private.vi_search_condition('r.comment_folded', 'do') || ')',
     'r.created_at desc, r.id desc', 'reviews_rating_created_at_idx', 'rating'),
    ('completed deposits of some providers, newest first', 'd', 'public.deposit_history d', 'd.status = ''completed''',
     'd.provider_id = any (''{00000000-0000-4000-b000-000000000008,00000000-0000-4000-b000-000000000024}''::uuid[])',
     'd.created_at desc, d.id desc', 'deposit_history_status_created_at_idx', 'status')
  ) f(label, alias, source, filter, text_filter, sort_order, index_name, cond_column);

-- A period on another order is tested by the index scan itself: the period is a key column of the
-- order's index after the id, so an entry outside it is skipped inside the index, before any
-- visibility-map check (an included column was tested after: 19,300 buffers for the bookings of
-- the last 7 days by price, page 41, at 10M).
select matches(tests.query_plan(format('select %s.id from %s where %s and %s.created_at >= ''2026-01-01 00:00:00+07''::timestamptz order by %s limit 50 offset 500',
                                       f.alias, f.source, f.filter, f.alias, f.sort_order)),
               '^Limit\s+->\s+Index Only Scan( Backward)? using ' || f.index_name || ' [^\n]*\n\s+Index Cond: \(' || f.cond || '\(?created_at >= ',
               f.label || ': the period is an index condition of ' || f.index_name)
  from (values
    ('bookings of a period by price', 'b', 'public.bookings b', 'true', 'b.final_price, b.id', 'bookings_final_price_id_idx', ''),
    ('bookings of a period by customer name', 'b', 'public.bookings b', 'true', 'b.customer_name collate private.vi desc, b.id desc', 'bookings_customer_name_vi_idx', ''),
    ('commissions of a period by price', 'c', 'public.commissions c', 'true', 'c.final_price desc, c.id desc', 'commissions_final_price_id_idx', ''),
    ('commissions of a period by fee', 'c', 'public.commissions c', 'true', 'c.platform_fee, c.id', 'commissions_platform_fee_id_idx', ''),
    ('one service''s commissions of a period by fee', 'c', 'public.commissions c', 'c.subcategory_id = ''00000000-0000-4000-8000-000000000003''::uuid',
     'c.platform_fee desc, c.id desc', 'commissions_subcategory_platform_fee_idx', '\(subcategory_id = [^)]*\) AND '),
    ('one service''s commissions of a period by price', 'c', 'public.commissions c', 'c.subcategory_id = ''00000000-0000-4000-8000-000000000003''::uuid',
     'c.final_price, c.id', 'commissions_subcategory_final_price_idx', '\(subcategory_id = [^)]*\) AND ')
  ) f(label, alias, source, filter, sort_order, index_name, cond);

-- The hidden reviews by rating have an index of their own (a partial one: hidden reviews are few),
-- so a deep page is their entries alone, not a walk past the shown reviews of the (rating, id) order.
select matches(tests.query_plan('select r.id from public.reviews r where r.status = ''inactive'' order by r.rating desc, r.id desc limit 50 offset 2000'),
               '^Limit\s+->\s+Index Only Scan Backward using reviews_inactive_rating_id_idx ',
               'hidden reviews by rating, page 41: ids from reviews_inactive_rating_id_idx alone');

-- A cursor is a seek, not a scan from the start.
select matches(tests.query_plan('select id from public.bookings b where (b.final_price, b.id) < (100000::bigint, ''00000000-0000-4000-8000-000000000001''::uuid)'
                            || ' order by b.final_price desc, b.id desc limit 50'),
               'Index (Only )?Scan Backward using bookings_final_price_id_idx on bookings b\s+Index Cond: \(ROW\(final_price, id\) < ROW',
               'a cursor on the price sort is the index condition');
select matches(tests.query_plan('select id from public.profiles p where p.role = ''customer'' and (p.name collate private.vi, p.id) > (''Hồ''::text, ''00000000-0000-4000-8000-000000000001''::uuid)'
                            || ' order by p.name collate private.vi, p.id limit 50'),
               'Index (Only )?Scan using profiles_customer_name_vi_idx on profiles p\s+Index Cond: \(ROW\(',
               'a cursor on the Vietnamese name sort is the index condition');

-- A deep page of a two-letter search (docs/search.md#deep-pages): its ids are read from the index of
-- the default order, which includes the searched columns, so the rows skipped (and the rows the
-- text rejects between its matches) are index entries, not table rows: an index-only scan.
select matches(tests.query_plan(format('select %s.id from %s where %s order by %s limit 50 offset 500', d.alias, d.source, d.filter, d.sort_order)),
               'Index Only Scan( Backward)? using ' || d.index_name || ' ',
               d.label || ': page ids from ' || d.index_name || ' alone')
  from (values
    ('bookings customer "an" at offset 500', 'b', 'public.bookings b', private.vi_search_condition('b.customer_name_folded', 'an'),
     'b.created_at desc, b.id desc', 'bookings_created_at_search_idx'),
    ('bookings service "ve" at offset 500', 'b', 'public.bookings b', private.vi_search_condition('b.service_name_folded', 've'),
     'b.created_at desc, b.id desc', 'bookings_created_at_search_idx'),
    ('customers "an" at offset 500', 'p', 'public.profiles p',
     'p.role = ''customer'' and (' || private.vi_search_condition('p.name_folded', 'an') || ' or ' || private.vi_search_condition('p.email_folded', 'an') || ')',
     'p.created_at desc, p.id desc', 'profiles_customer_created_at_search_idx'),
    ('reviews "tệ" at offset 500', 'r', 'public.reviews r',
     private.vi_search_condition('r.customer_name_folded', 'tệ') || ' or ' || private.vi_search_condition('r.comment_folded', 'tệ'),
     'r.created_at desc, r.id desc', 'reviews_created_at_search_idx'),
    ('commissions by provider or service ids at offset 500', 'c', 'public.commissions c',
     'c.provider_id = any (''{00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000002}''::uuid[]) or c.subcategory_id = any (''{00000000-0000-4000-8000-000000000003}''::uuid[])',
     'c.created_at desc, c.id desc', 'commissions_created_at_search_idx'),
    ('conversations customer "an" at offset 500', 'c', 'public.conversations c', private.vi_search_condition('c.customer_name_folded', 'an'),
     'coalesce(c.last_message_at, ''-infinity''::timestamptz) desc, c.id desc', 'conversations_last_message_names_idx')
  ) d(label, alias, source, filter, sort_order, index_name);

-- No function sets a planner setting (enable_*, costs, join limits): the plans come from the
-- indexes, the statistics and the shape of the queries (docs/database.md#plans-without-planner-switches).
select is_empty($$ select p.oid::regprocedure::text || ' ' || c
                     from pg_proc p join pg_namespace n on n.oid = p.pronamespace, unnest(p.proconfig) c
                    where n.nspname in ('public', 'private') and c !~ '^search_path=' $$,
                'no function of public or private sets a planner setting');
-- The lists' engine takes values, not SQL text: its inputs are the list, the filter values and the
-- paging values.
select is((select pg_get_function_identity_arguments('private.admin_sorted_page'::regproc)),
          'p_list private.admin_list, p_filter private.admin_list_filter, p_sort text, p_limit integer, p_offset integer, p_count boolean, p_after text, p_before text, p_last boolean, p_after_created_at timestamp with time zone, p_after_id uuid',
          'private.admin_sorted_page takes the list and its filter as typed values');
-- Each order of the providers list is an index that includes what their typed text and their status
-- filter read: the providers are spread over the profiles' table among the customers, and a page
-- walks its index alone instead of reading one table page per match (docs/search.md#totals).
select is_empty($$ select i.indexrelid::regclass::text from pg_index i
                     where i.indrelid = 'public.profiles'::regclass
                       and pg_get_expr(i.indpred, i.indrelid) ~ 'provider'
                       and (select amname from pg_am where oid = (select relam from pg_class where oid = i.indexrelid)) = 'btree'
                       and not array(select a.attnum from pg_attribute a
                                      where a.attrelid = 'public.profiles'::regclass
                                        and a.attname in ('name_folded', 'email_folded', 'status'))::int2[] <@ i.indkey::int2[] $$,
                'every b-tree index of the providers includes their folded name, e-mail and status');
select is(array(select i.indexrelid::regclass::text from pg_index i
                 where i.indrelid = 'public.profiles'::regclass and pg_get_expr(i.indpred, i.indrelid) ~ 'provider'
                   and (select amname from pg_am where oid = (select relam from pg_class where oid = i.indexrelid)) = 'btree'
                 order by 1),
          array['profiles_provider_created_at_idx', 'profiles_provider_deposit_idx', 'profiles_provider_name_vi_idx',
                'profiles_provider_total_earnings_idx'],
          'the providers'' b-tree indexes are the four orders of their list');
-- Every booking, commission and deposit updates a profile: each page keeps a tenth free so that a
-- row's new version stays on its page and the table stays in creation order
-- (docs/database.md#profiles-stay-in-creation-order).
-- The typed-text columns are estimated from a 1,000-bucket histogram: the estimate of a word's
-- matches decides whether a list counts them exactly and sorts them as asked (docs/search.md#totals).
select is(array(select c.relname || '.' || a.attname || ' ' || coalesce(a.attstattarget::int, -1)
                  from pg_attribute a join pg_class c on c.oid = a.attrelid
                 where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attname like '%\_folded' and not a.attisdropped
                   and c.relname in ('profiles', 'bookings', 'reviews', 'conversations')
                 order by 1),
          array['bookings.customer_name_folded 1000', 'bookings.service_item_name_folded 1000', 'bookings.service_name_folded 1000',
                'conversations.customer_name_folded 1000', 'conversations.provider_name_folded 1000',
                'profiles.email_folded 1000', 'profiles.name_folded 1000',
                'reviews.comment_folded 1000', 'reviews.customer_name_folded 1000'],
          'every typed-text column of the large tables has a 1,000-bucket histogram');
select ok((select reloptions from pg_class where oid = 'public.profiles'::regclass) @> array['fillfactor=90'],
          'public.profiles keeps a tenth of each page free for updated rows (fillfactor 90)');
select matches(pg_get_indexdef('public.profiles_provider_name_folded_trgm_idx'::regclass),
               'gin \(name_folded (extensions\.)?gin_trgm_ops\) WITH \(fastupdate=off\) WHERE \(role = ''provider''::text\)',
               'the providers'' names have their own trigram index (provider-name lookups)');

-- The commission stat cards for a search text read the providers' months from the provider
-- rollup's key alone (its sums are included).
set local enable_bitmapscan = off;
select matches(tests.query_plan('select sum(c.commission_count), sum(c.service_price_total), sum(c.platform_fee_total), sum(c.provider_amount_total), sum(c.commission_rate_total)
                               from private.commission_stats_provider_monthly c
                              where c.provider_id = any (''{00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000002}''::uuid[])
                                and (c.subcategory_id = any (''{00000000-0000-4000-8000-000000000003}''::uuid[])) is not true'),
               'Index Only Scan using commission_stats_provider_monthly_pkey', 'provider rollup: index-only by provider');
reset enable_bitmapscan;

select * from finish();
rollback;
