-- Vietnamese text as people type it, and the formats of e-mails and phone numbers
-- (docs/product.md#input-rules). Every function here is security invoker.
--   * private.vi_fold: lower case without accents, so a search folds case and accents on both
--     sides: "nguyen" finds "Nguyễn", "ca ngay" finds "Cả ngày" and "do" finds "Đỗ" (unaccent's
--     rules map đ/Đ to d). Immutable so that expression indexes (trigram and btree) and stored
--     generated columns can be built on it; the dictionary is named with its schema so the result
--     never depends on the caller's search_path.
--   * the collation private.vi orders names as a Vietnamese reader expects (ICU: "Hồ" before
--     "Huỳnh", "Đ" after "D").
--   * private.vi_search_condition: the WHERE condition of a typed text on a folded column, for the
--     admin lists (docs/search.md).
--   * private.is_email, private.normalize_vn_phone, private.is_vn_phone: the formats the check
--     constraints of profiles and settings enforce.

create extension if not exists unaccent with schema extensions;

create function private.vi_fold(p_text text)
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

create collation private.vi (provider = icu, locale = 'vi-VN');

comment on collation private.vi is
  'Vietnamese order (ICU vi-VN), for lists and pickers sorted by name.';

-- The condition "the folded column matches the typed text" as SQL with the text inlined as a quoted
-- literal; null for blank text. p_folded is SQL written by a list function (never typed text): a
-- column that holds private.vi_fold of the searched text (the `*_folded` generated columns, with a
-- trigram GIN index each), or a private.vi_fold(...) expression on the small catalogue tables.
--   3+ characters, or any text with punctuation: the folded value contains the folded text
--     (`like '%text%'`, LIKE's wildcards typed by the admin escaped);
--   1–2 letters or digits: a word starts with them, i.e. they start the value or follow a space
--     (`col like 'do%' or col like '% do%'`; letters and digits need no escaping). Each LIKE is an
--     exact condition of the trigram index, through the trigrams pg_trgm keeps for the start of
--     every word ("  d", " do"), and tests a row about three times faster than the regular
--     expression `(^| )do` would (a deep page of a frequent word tests thousands of rows).
create function private.vi_search_condition(p_folded text, p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := private.vi_fold(btrim(coalesce(p_text, '')));
begin
  if v_text = '' then
    return null;
  end if;
  if char_length(v_text) <= 2 and v_text ~ '^[[:alnum:]]+$' then
    return format('(%1$s like %2$L or %1$s like %3$L)', p_folded, v_text || '%', '% ' || v_text || '%');
  end if;
  return format('%s like %L', p_folded,
                '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%');
end
$$;

comment on function private.vi_search_condition(text, text) is
  'SQL condition: the folded column matches the typed text accent- and case-insensitively (3+ characters: contains; 1–2 letters: a word starts with them). Null for blank text.';

-- Only the admin list functions (security definer, running as the owner) call it.
revoke all on function private.vi_search_condition(text, text) from public, anon, authenticated, service_role;

-- An e-mail address: one @, a local part of the usual characters, a domain of dot-separated labels.
create function private.is_email(p_value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_value ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]{1,64}@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
$$;

-- A Vietnamese phone number as typed: spaces and dots dropped, +84 written as 0. Anything else is
-- returned as given (trimmed) so that the check constraint refuses it.
create function private.normalize_vn_phone(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_value is null then null
    when regexp_replace(p_value, '[ .]', '', 'g') ~ '^\+84[0-9]{9,10}$'
      then '0' || substr(regexp_replace(p_value, '[ .]', '', 'g'), 4)
    when regexp_replace(p_value, '[ .]', '', 'g') ~ '^0[0-9]{9,10}$'
      then regexp_replace(p_value, '[ .]', '', 'g')
    else btrim(p_value)
  end
$$;

-- A stored (normalised) Vietnamese phone number: 0 followed by 9 or 10 digits.
create function private.is_vn_phone(p_value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_value ~ '^0[0-9]{9,10}$'
$$;

grant execute on function private.is_email(text), private.normalize_vn_phone(text), private.is_vn_phone(text)
  to anon, authenticated, service_role;
