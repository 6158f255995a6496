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

-- Providers: approve (active), pause (inactive), ban (banned), and the undo of an approval or a
-- pause (back to pending_approval / active / inactive). What the admin saw is the status. A banned
-- provider is not eligible (lifting a ban is the ban card's, one provider at a time), nor a
-- provider already in the target status, nor a profile that is not a provider.
create function public.admin_bulk_set_provider_status(p_ids uuid[], p_statuses text[], p_expected_statuses text[])
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_changed uuid[];
  v_ineligible uuid[];
  v_answer jsonb;
begin
  perform private.assert_admin();
  perform private.bulk_check_arguments(p_ids, p_statuses, cardinality(p_expected_statuses),
                                       array['active', 'inactive', 'pending_approval', 'banned']);
  perform 1 from public.profiles p where p.id = any (p_ids) order by p.id for update;
  select coalesce(array_agg(a.id order by a.ord) filter (where p.id is null or p.status is distinct from a.expected), '{}'),
         coalesce(array_agg(a.id order by a.ord) filter (
           where p.id is not null and p.status is not distinct from a.expected
             and (p.role <> 'provider' or p.status = 'banned' or p.status = a.status)), '{}')
    into v_changed, v_ineligible
    from unnest(p_ids, p_statuses, p_expected_statuses) with ordinality as a(id, status, expected, ord)
    left join public.profiles p on p.id = a.id;
  perform private.bulk_refuse_conflicts(cardinality(p_ids), v_changed, v_ineligible);

  with target as (
    select a.id, a.status, a.expected, a.ord
      from unnest(p_ids, p_statuses, p_expected_statuses) with ordinality as a(id, status, expected, ord)
  ), saved as (
    update public.profiles p set status = t.status from target t where p.id = t.id
    returning p.id, p.status, p.updated_at
  )
  select jsonb_agg(jsonb_build_object('id', s.id, 'status', s.status, 'previous_status', t.expected, 'updated_at', s.updated_at)
                   order by t.ord)
    into v_answer
    from saved s join target t on t.id = s.id;
  return v_answer;
end
$$;
comment on function public.admin_bulk_set_provider_status(uuid[], text[], text[]) is
  'Admin bulk action: sets the status of 1–100 providers (approve, pause, ban, undo) in one transaction; refuses all (PT409, detail {changed, ineligible}) if any row''s status is not the expected one or the row is not eligible. Audited per row.';
revoke all on function public.admin_bulk_set_provider_status(uuid[], text[], text[]) from public, anon;
grant execute on function public.admin_bulk_set_provider_status(uuid[], text[], text[]) to authenticated, service_role;

-- Reviews: hide (inactive) / show (active). What the admin saw is updated_at.
create function public.admin_bulk_set_review_status(p_ids uuid[], p_statuses text[], p_expected_updated_at timestamptz[])
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_changed uuid[];
  v_ineligible uuid[];
  v_answer jsonb;
begin
  perform private.assert_admin();
  perform private.bulk_check_arguments(p_ids, p_statuses, cardinality(p_expected_updated_at), array['active', 'inactive']);
  perform 1 from public.reviews r where r.id = any (p_ids) order by r.id for update;
  select coalesce(array_agg(a.id order by a.ord) filter (where r.id is null or r.updated_at is distinct from a.expected), '{}'),
         coalesce(array_agg(a.id order by a.ord) filter (
           where r.id is not null and r.updated_at is not distinct from a.expected and r.status = a.status), '{}')
    into v_changed, v_ineligible
    from unnest(p_ids, p_statuses, p_expected_updated_at) with ordinality as a(id, status, expected, ord)
    left join public.reviews r on r.id = a.id;
  perform private.bulk_refuse_conflicts(cardinality(p_ids), v_changed, v_ineligible);

  with target as (
    select a.id, a.status, a.ord, r.status as previous_status
      from unnest(p_ids, p_statuses) with ordinality as a(id, status, ord)
      join public.reviews r on r.id = a.id
  ), saved as (
    update public.reviews r set status = t.status from target t where r.id = t.id
    returning r.id, r.status, r.updated_at
  )
  select jsonb_agg(jsonb_build_object('id', s.id, 'status', s.status, 'previous_status', t.previous_status, 'updated_at', s.updated_at)
                   order by t.ord)
    into v_answer
    from saved s join target t on t.id = s.id;
  return v_answer;
end
$$;
comment on function public.admin_bulk_set_review_status(uuid[], text[], timestamptz[]) is
  'Admin bulk action: hides (inactive) or shows (active) 1–100 reviews in one transaction; refuses all (PT409, detail {changed, ineligible}) if any row changed since its expected updated_at or already has the status. Audited per row.';
revoke all on function public.admin_bulk_set_review_status(uuid[], text[], timestamptz[]) from public, anon;
grant execute on function public.admin_bulk_set_review_status(uuid[], text[], timestamptz[]) to authenticated, service_role;

-- Promotion codes: pause (inactive) / resume (active). What the admin saw is updated_at.
create function public.admin_bulk_set_discount_code_status(p_ids uuid[], p_statuses text[], p_expected_updated_at timestamptz[])
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_changed uuid[];
  v_ineligible uuid[];
  v_answer jsonb;
begin
  perform private.assert_admin();
  perform private.bulk_check_arguments(p_ids, p_statuses, cardinality(p_expected_updated_at), array['active', 'inactive']);
  perform 1 from public.discount_codes d where d.id = any (p_ids) order by d.id for update;
  select coalesce(array_agg(a.id order by a.ord) filter (where d.id is null or d.updated_at is distinct from a.expected), '{}'),
         coalesce(array_agg(a.id order by a.ord) filter (
           where d.id is not null and d.updated_at is not distinct from a.expected and d.status = a.status), '{}')
    into v_changed, v_ineligible
    from unnest(p_ids, p_statuses, p_expected_updated_at) with ordinality as a(id, status, expected, ord)
    left join public.discount_codes d on d.id = a.id;
  perform private.bulk_refuse_conflicts(cardinality(p_ids), v_changed, v_ineligible);

  with target as (
    select a.id, a.status, a.ord, d.status as previous_status
      from unnest(p_ids, p_statuses) with ordinality as a(id, status, ord)
      join public.discount_codes d on d.id = a.id
  ), saved as (
    update public.discount_codes d set status = t.status from target t where d.id = t.id
    returning d.id, d.status, d.updated_at
  )
  select jsonb_agg(jsonb_build_object('id', s.id, 'status', s.status, 'previous_status', t.previous_status, 'updated_at', s.updated_at)
                   order by t.ord)
    into v_answer
    from saved s join target t on t.id = s.id;
  return v_answer;
end
$$;
comment on function public.admin_bulk_set_discount_code_status(uuid[], text[], timestamptz[]) is
  'Admin bulk action: pauses (inactive) or resumes (active) 1–100 promotion codes in one transaction; refuses all (PT409, detail {changed, ineligible}) if any row changed since its expected updated_at or already has the status. Audited per row.';
revoke all on function public.admin_bulk_set_discount_code_status(uuid[], text[], timestamptz[]) from public, anon;
grant execute on function public.admin_bulk_set_discount_code_status(uuid[], text[], timestamptz[]) to authenticated, service_role;

-- Bookings: any status, as the booking detail's select. What the admin saw is updated_at (read with
-- the money preview). A booking already in the target status is not eligible, nor a booking
-- without a provider set to pending_completion or completed (bookings_provider_required). Entering
-- or leaving completed moves money through the triggers of the single change (the commission row
-- and the provider's earnings).
create function public.admin_bulk_set_booking_status(p_ids uuid[], p_statuses text[], p_expected_updated_at timestamptz[])
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_changed uuid[];
  v_ineligible uuid[];
  v_answer jsonb;
begin
  perform private.assert_admin();
  perform private.bulk_check_arguments(p_ids, p_statuses, cardinality(p_expected_updated_at),
                                       array['pending', 'confirmed', 'pending_completion', 'completed', 'cancelled']);
  perform 1 from public.bookings b where b.id = any (p_ids) order by b.id for update;
  select coalesce(array_agg(a.id order by a.ord) filter (where b.id is null or b.updated_at is distinct from a.expected), '{}'),
         coalesce(array_agg(a.id order by a.ord) filter (
           where b.id is not null and b.updated_at is not distinct from a.expected
             and (b.status = a.status or (a.status in ('pending_completion', 'completed') and b.provider_id is null))), '{}')
    into v_changed, v_ineligible
    from unnest(p_ids, p_statuses, p_expected_updated_at) with ordinality as a(id, status, expected, ord)
    left join public.bookings b on b.id = a.id;
  perform private.bulk_refuse_conflicts(cardinality(p_ids), v_changed, v_ineligible);

  with target as (
    select a.id, a.status, a.ord, b.status as previous_status
      from unnest(p_ids, p_statuses) with ordinality as a(id, status, ord)
      join public.bookings b on b.id = a.id
  ), saved as (
    update public.bookings b set status = t.status from target t where b.id = t.id
    returning b.id, b.status, b.updated_at
  )
  select jsonb_agg(jsonb_build_object('id', s.id, 'status', s.status, 'previous_status', t.previous_status, 'updated_at', s.updated_at)
                   order by t.ord)
    into v_answer
    from saved s join target t on t.id = s.id;
  return v_answer;
end
$$;
comment on function public.admin_bulk_set_booking_status(uuid[], text[], timestamptz[]) is
  'Admin bulk action: sets the status of 1–100 bookings in one transaction (commissions and earnings follow as for one); refuses all (PT409, detail {changed, ineligible}) if any row changed since its expected updated_at, already has the status or lacks the provider a done status needs. Audited per row.';
revoke all on function public.admin_bulk_set_booking_status(uuid[], text[], timestamptz[]) from public, anon;
grant execute on function public.admin_bulk_set_booking_status(uuid[], text[], timestamptz[]) to authenticated, service_role;
