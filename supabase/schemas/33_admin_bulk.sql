-- Bulk actions of the admin lists (docs/screens.md#bulk-actions): the status of several providers,
-- reviews, promotion codes or bookings set by ONE call in ONE transaction, all or nothing.
--   * Arguments are parallel arrays: the ids, the status each row gets (the same status for an
--     action; each row's previous status for its undo) and what the admin saw of each row, compared
--     as the single edits compare it (optimistic concurrency): the status the list showed for
--     providers (their list rows carry no updated_at), the row's updated_at for reviews, promotion
--     codes and bookings.
--   * 1 to 100 distinct ids (22023 otherwise). The rows are locked in id order (two bulk calls over
--     the same rows never deadlock), then checked: a row that is gone, or changed since the admin
--     saw it, or not eligible (already in the target status, a banned provider, a booking without a
--     provider set to done) refuses the whole batch with PT409 (HTTP 409 through the API): the
--     message says how many rows, the detail is {"changed": [ids], "ineligible": [ids]} so that
--     the screen names them; nothing is written.
--   * Security invoker: the caller's own rights write the rows, so row-level security, the column
--     locks and every trigger of the single edit run as for one row (the ban ending the sessions, the
--     commission following completion, the audit log's one entry per row with the admin as actor:
--     docs/decisions.md#audit-log). private.assert_admin() first: anyone but an admin (or the service
--     role) gets 42501 whatever the arguments.
--   * Answer: [{id, status, previous_status, updated_at}] in the order of p_ids; the undo sends
--     previous_status back with the new updated_at (or status) as what the admin saw.

-- Checks the arrays of a bulk call; raises 22023 with a stable hint.
create function private.bulk_check_arguments(p_ids uuid[], p_statuses text[], p_expected_count integer, p_allowed text[])
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_count integer := coalesce(cardinality(p_ids), 0);
begin
  if v_count = 0 then
    raise exception 'Chưa chọn dòng nào' using errcode = '22023', hint = 'bulk_empty';
  end if;
  if v_count > 100 then
    raise exception 'Mỗi lần chỉ thao tác tối đa 100 dòng (đã chọn %)', v_count using errcode = '22023', hint = 'bulk_too_many';
  end if;
  if array_position(p_ids, null) is not null or (select count(distinct i) from unnest(p_ids) i) <> v_count then
    raise exception 'Danh sách dòng chọn không hợp lệ (trống hoặc trùng lặp)' using errcode = '22023', hint = 'bulk_duplicate';
  end if;
  if coalesce(cardinality(p_statuses), 0) <> v_count or coalesce(p_expected_count, 0) <> v_count then
    raise exception 'Số trạng thái và số dòng chọn không khớp' using errcode = '22023', hint = 'bulk_length_mismatch';
  end if;
  if exists (select 1 from unnest(p_statuses) s where s is null or not (s = any (p_allowed))) then
    raise exception 'Trạng thái không hợp lệ' using errcode = '22023', hint = 'bulk_invalid_status';
  end if;
end
$$;
revoke all on function private.bulk_check_arguments(uuid[], text[], integer, text[]) from public, anon;
grant execute on function private.bulk_check_arguments(uuid[], text[], integer, text[]) to authenticated, service_role;

-- Refuses the whole batch when any row changed meanwhile or is not eligible (PT409, see above).
create function private.bulk_refuse_conflicts(p_total integer, p_changed uuid[], p_ineligible uuid[])
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_changed integer := coalesce(cardinality(p_changed), 0);
  v_ineligible integer := coalesce(cardinality(p_ineligible), 0);
begin
  if v_changed + v_ineligible = 0 then
    return;
  end if;
  raise exception 'Không dòng nào được cập nhật: % trong % dòng đã bị người khác thay đổi hoặc không còn phù hợp',
      v_changed + v_ineligible, p_total
    using errcode = 'PT409', hint = 'bulk_conflict',
          detail = jsonb_build_object('changed', coalesce(to_jsonb(p_changed), '[]'::jsonb),
                                      'ineligible', coalesce(to_jsonb(p_ineligible), '[]'::jsonb))::text;
end
$$;
revoke all on function private.bulk_refuse_conflicts(integer, uuid[], uuid[]) from public, anon;
grant execute on function private.bulk_refuse_conflicts(integer, uuid[], uuid[]) to authenticated, service_role;

-- The body of every bulk action: private.assert_admin() first, then checks the arrays
-- (bulk_check_arguments; p_allowed: the statuses the action may set), locks the rows of
-- public.<p_table> in id order, refuses the whole batch when one is gone, changed since the admin
-- saw it or not eligible (bulk_refuse_conflicts), then sets every status in one UPDATE and answers
-- [{id, status, previous_status, updated_at}] in the order of p_ids. What the admin saw
-- (p_expected) is compared with the status for providers, with updated_at otherwise. A row is not
-- eligible when it already has the target status, and per table: a profile that is not a provider
-- or a banned provider; a booking without a provider set to pending_completion or completed. The
-- SQL names one of these four tables only (22023 for any other name), so no caller's text ever
-- reaches it; it runs with the caller's rights (security invoker).
create function private.bulk_set_status(p_table text, p_ids uuid[], p_statuses text[], p_expected anyarray, p_allowed text[])
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_seen text := case p_table when 'profiles' then 'status' else 'updated_at' end;
  v_ineligible_when text := case p_table
    when 'profiles' then 't.role <> ''provider'' or t.status = ''banned'''
    when 'bookings' then 'a.status in (''pending_completion'', ''completed'') and t.provider_id is null'
    when 'reviews' then 'false'
    when 'discount_codes' then 'false'
  end;
  v_changed uuid[];
  v_ineligible uuid[];
  v_answer jsonb;
begin
  perform private.assert_admin();
  if v_ineligible_when is null then
    raise exception 'No bulk action on the table %', p_table using errcode = '22023';
  end if;
  perform private.bulk_check_arguments(p_ids, p_statuses, cardinality(p_expected), p_allowed);
  execute format('select 1 from public.%I t where t.id = any ($1) order by t.id for update', p_table) using p_ids;
  execute format(
    'select coalesce(array_agg(a.id order by a.ord) filter (where t.id is null or t.%2$I is distinct from a.expected), ''{}''),
            coalesce(array_agg(a.id order by a.ord) filter (
              where t.id is not null and t.%2$I is not distinct from a.expected and (t.status = a.status or %3$s)), ''{}'')
       from unnest($1, $2, $3) with ordinality as a(id, status, expected, ord)
       left join public.%1$I t on t.id = a.id', p_table, v_seen, v_ineligible_when)
    into v_changed, v_ineligible
    using p_ids, p_statuses, p_expected;
  perform private.bulk_refuse_conflicts(cardinality(p_ids), v_changed, v_ineligible);

  execute format(
    'with target as (
       select a.id, a.status, a.ord, t.status as previous_status
         from unnest($1, $2) with ordinality as a(id, status, ord)
         join public.%1$I t on t.id = a.id
     ), saved as (
       update public.%1$I t set status = target.status from target where t.id = target.id
       returning t.id, t.status, t.updated_at
     )
     select jsonb_agg(jsonb_build_object(''id'', s.id, ''status'', s.status, ''previous_status'', target.previous_status,
                                         ''updated_at'', s.updated_at) order by target.ord)
       from saved s join target on target.id = s.id', p_table)
    into v_answer
    using p_ids, p_statuses;
  return v_answer;
end
$$;
revoke all on function private.bulk_set_status(text, uuid[], text[], anyarray, text[]) from public, anon;
grant execute on function private.bulk_set_status(text, uuid[], text[], anyarray, text[]) to authenticated, service_role;

-- Providers: approve (active), pause (inactive), ban (banned), and the undo of an approval or a
-- pause (back to pending_approval / active / inactive). What the admin saw is the status. A banned
-- provider is not eligible (lifting a ban is the ban card's, one provider at a time), nor a
-- provider already in the target status, nor a profile that is not a provider.
create function public.admin_bulk_set_provider_status(p_ids uuid[], p_statuses text[], p_expected_statuses text[])
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.bulk_set_status('profiles', p_ids, p_statuses, p_expected_statuses, array['active', 'inactive', 'pending_approval', 'banned']) $$;
comment on function public.admin_bulk_set_provider_status(uuid[], text[], text[]) is
  'Admin bulk action: sets the status of 1–100 providers (approve, pause, ban, undo) in one transaction; refuses all (PT409, detail {changed, ineligible}) if any row''s status is not the expected one or the row is not eligible. Audited per row.';

-- Reviews: hide (inactive) / show (active). What the admin saw is updated_at.
create function public.admin_bulk_set_review_status(p_ids uuid[], p_statuses text[], p_expected_updated_at timestamptz[])
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.bulk_set_status('reviews', p_ids, p_statuses, p_expected_updated_at, array['active', 'inactive']) $$;
comment on function public.admin_bulk_set_review_status(uuid[], text[], timestamptz[]) is
  'Admin bulk action: hides (inactive) or shows (active) 1–100 reviews in one transaction; refuses all (PT409, detail {changed, ineligible}) if any row changed since its expected updated_at or already has the status. Audited per row.';

-- Promotion codes: pause (inactive) / resume (active). What the admin saw is updated_at.
create function public.admin_bulk_set_discount_code_status(p_ids uuid[], p_statuses text[], p_expected_updated_at timestamptz[])
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.bulk_set_status('discount_codes', p_ids, p_statuses, p_expected_updated_at, array['active', 'inactive']) $$;
comment on function public.admin_bulk_set_discount_code_status(uuid[], text[], timestamptz[]) is
  'Admin bulk action: pauses (inactive) or resumes (active) 1–100 promotion codes in one transaction; refuses all (PT409, detail {changed, ineligible}) if any row changed since its expected updated_at or already has the status. Audited per row.';

-- Bookings: any status, as the booking detail's select. What the admin saw is updated_at (read with
-- the money preview). A booking already in the target status is not eligible, nor a booking
-- without a provider set to pending_completion or completed (bookings_provider_required). Entering
-- or leaving completed moves money through the triggers of the single change (the commission row
-- and the provider's earnings).
create function public.admin_bulk_set_booking_status(p_ids uuid[], p_statuses text[], p_expected_updated_at timestamptz[])
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.bulk_set_status('bookings', p_ids, p_statuses, p_expected_updated_at, array['pending', 'confirmed', 'pending_completion', 'completed', 'cancelled']) $$;
comment on function public.admin_bulk_set_booking_status(uuid[], text[], timestamptz[]) is
  'Admin bulk action: sets the status of 1–100 bookings in one transaction (commissions and earnings follow as for one); refuses all (PT409, detail {changed, ineligible}) if any row changed since its expected updated_at, already has the status or lacks the provider a done status needs. Audited per row.';

revoke all on function
  public.admin_bulk_set_provider_status(uuid[], text[], text[]),
  public.admin_bulk_set_review_status(uuid[], text[], timestamptz[]),
  public.admin_bulk_set_discount_code_status(uuid[], text[], timestamptz[]),
  public.admin_bulk_set_booking_status(uuid[], text[], timestamptz[])
  from public, anon;
grant execute on function
  public.admin_bulk_set_provider_status(uuid[], text[], text[]),
  public.admin_bulk_set_review_status(uuid[], text[], timestamptz[]),
  public.admin_bulk_set_discount_code_status(uuid[], text[], timestamptz[]),
  public.admin_bulk_set_booking_status(uuid[], text[], timestamptz[])
  to authenticated, service_role;
