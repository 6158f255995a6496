-- No b-tree index of the app's tables repeats the leading columns of another (same columns, order,
-- direction and collation, no predicate): the planner may pick the shorter one plus a sort once
-- autovacuum has run, so an order the lists rely on would stop being read from its index
-- (docs/search.md#sorting), and every write would pay for both.
begin;
set search_path = public, extensions;
select plan(1);

select is_empty($$
  select a.indexrelid::regclass::text || ' ⊂ ' || b.indexrelid::regclass::text
    from pg_index a
    join pg_index b on b.indrelid = a.indrelid and b.indexrelid <> a.indexrelid
    join pg_class ca on ca.oid = a.indexrelid
    join pg_class cb on cb.oid = b.indexrelid
   where ca.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
     and ca.relam = (select oid from pg_am where amname = 'btree') and cb.relam = ca.relam
     and not a.indisunique and a.indpred is null and b.indpred is null
     and a.indexprs is null and b.indexprs is null
     and a.indnkeyatts < b.indnkeyatts
     and (select array_agg(k order by o) from unnest(a.indkey::int2[]) with ordinality u(k, o) where o <= a.indnkeyatts)
       = (select array_agg(k order by o) from unnest(b.indkey::int2[]) with ordinality u(k, o) where o <= a.indnkeyatts)
     and (select array_agg(k order by o) from unnest(a.indoption::int2[]) with ordinality u(k, o))
       = (select array_agg(k order by o) from unnest(b.indoption::int2[]) with ordinality u(k, o) where o <= a.indnkeyatts)
     and (select array_agg(k order by o) from unnest(a.indcollation::oid[]) with ordinality u(k, o))
       = (select array_agg(k order by o) from unnest(b.indcollation::oid[]) with ordinality u(k, o) where o <= a.indnkeyatts)
$$, 'no b-tree index is a leading-column prefix of another on the same table');

select * from finish();
rollback;
