-- Vietnamese text as people type it: a search folds case and accents on both
-- sides, so "nguyen" finds "Nguyễn", "ca ngay" finds "Cả ngày" and "do" finds "Đỗ" (unaccent's
-- rules map đ/Đ to d). private.vi_fold is immutable so that expression indexes (trigram and
-- btree) can be built on it; the dictionary is named with its schema so the result never depends
-- on the caller's search_path. The collation private.vi orders names as a Vietnamese reader
-- expects (ICU: "Hồ" before "Huỳnh", "Đ" after "D").

create extension if not exists unaccent with schema extensions;

create or replace function private.vi_fold(p_text text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;

comment on function private.vi_fold(text) is
  'Lower case without Vietnamese accents (đ → d): the form in which searches and accent-insensitive uniqueness compare text. Immutable, for expression indexes.';

revoke all on function private.vi_fold(text) from public;
grant execute on function private.vi_fold(text) to anon, authenticated, service_role;

create collation if not exists private.vi (provider = icu, locale = 'vi-VN');

comment on collation private.vi is
  'Vietnamese order (ICU vi-VN), for lists and pickers sorted by name.';
