-- private.vi_fold compares Vietnamese text as typed without accents; private.vi orders it.
begin;
select plan(8);

select is(private.vi_fold('Nguyễn Văn Đỗ'), 'nguyen van do', 'accents, case and đ are folded');
select is(private.vi_fold('Cả ngày'), 'ca ngay', 'tones are dropped');
select is(private.vi_fold('ĐẶNG'), 'dang', 'upper-case Đ folds to d');
select is(private.vi_fold(null), null, 'null stays null');
select is(
  (select provolatile::text from pg_proc where oid = 'private.vi_fold(text)'::regprocedure),
  'i', 'vi_fold is immutable (usable in an index expression)');
select is(
  (select array_agg(n order by n collate private.vi) from unnest(array['Huỳnh', 'Hồ', 'Đỗ', 'Dương']) n),
  array['Dương', 'Đỗ', 'Hồ', 'Huỳnh'], 'Vietnamese order: D before Đ, Hồ before Huỳnh');
select ok(
  exists (select 1 from pg_extension where extname = 'unaccent'), 'unaccent is installed');
select is(
  (select n.nspname::text from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'),
  'extensions', 'unaccent lives in the extensions schema');

select * from finish();
rollback;
