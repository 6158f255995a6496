-- The marketplace's operations (docs/marketplace.md, docs/decisions.md#the-backend-serves-the-marketplace):
-- what customers and providers do, as SQL functions called with supabase-js `rpc`. The booking state
-- machine lives here; customers and providers still cannot write the tables directly (RLS: only
-- admins update bookings, reviews and deposits), so these functions are their only way in.
--
-- Layout: each operation is a `public` wrapper (security invoker, what PostgREST exposes) around a
-- body in `private` (security definer, `search_path = ''`). The body checks the caller itself: its
-- profile's role and status (`profiles.role` of `auth.uid()`), then the row it acts on (its own
-- booking, locked `for update`), then the transition. A refusal raises SQLSTATE P0001 with the
-- Vietnamese sentence as the message and a stable code in `hint` (docs/marketplace.md#refusals).
-- Admins keep the back office's freedom (direct updates under the admin policies); these
-- functions are for customers and providers and refuse admins without a profile.
-- Of the shared helpers, those that read rows (mkt_caller, mkt_require_working_provider,
-- mkt_own_booking, mkt_begin_transition) are security definer; those that only raise or label
-- (mkt_refuse, mkt_refuse_transition, mkt_status_label) are security invoker. The bookings' queue
-- integrity (a provider at most once) and the partial index of the open-bookings list belong to
-- 08_bookings.sql; the realtime publication of the tables the back office follows live belongs to
-- 18_realtime.sql.

-- Refusals ----------------------------------------------------------------------------------------

create function private.mkt_refuse(p_code text, p_message text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_message, hint = p_code;
end
$$;
revoke all on function private.mkt_refuse(text, text) from public, anon;
grant execute on function private.mkt_refuse(text, text) to authenticated, service_role;

create function private.mkt_status_label(p_status text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case p_status
           when 'pending' then 'Chờ xác nhận'
           when 'confirmed' then 'Đã xác nhận'
           when 'pending_completion' then 'Chờ hoàn thành'
           when 'completed' then 'Hoàn thành'
           when 'cancelled' then 'Đã hủy'
           else p_status
         end
$$;
revoke all on function private.mkt_status_label(text) from public, anon;
grant execute on function private.mkt_status_label(text) to authenticated, service_role;

-- The caller's profile, checked for a role (never banned; a customer must be active).
create function private.mkt_caller(p_role text)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_profile public.profiles%rowtype;
begin
  if v_uid is null then
    perform private.mkt_refuse('not_signed_in', 'Bạn cần đăng nhập để thực hiện thao tác này');
  end if;
  select * into v_profile from public.profiles where id = v_uid;
  if not found or v_profile.role <> p_role then
    if p_role = 'customer' then
      perform private.mkt_refuse('not_customer', 'Chỉ tài khoản khách hàng mới thực hiện được thao tác này');
    else
      perform private.mkt_refuse('not_provider', 'Chỉ tài khoản nhà cung cấp dịch vụ mới thực hiện được thao tác này');
    end if;
  end if;
  if v_profile.status = 'banned' then
    perform private.mkt_refuse('account_banned', 'Tài khoản của bạn đã bị cấm');
  end if;
  if p_role = 'customer' and v_profile.status <> 'active' then
    perform private.mkt_refuse('account_not_active', 'Tài khoản của bạn đang tạm dừng hoặc chờ duyệt');
  end if;
  return v_profile;
end
$$;
revoke all on function private.mkt_caller(text) from public, anon;
grant execute on function private.mkt_caller(text) to authenticated, service_role;

-- A provider may take part in queues only while active with at least the minimum deposit.
create function private.mkt_require_working_provider(p_provider public.profiles)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_minimum bigint := coalesce((select st.min_deposit_amount from public.settings st where st.id = 'app'), 0);
begin
  if p_provider.status <> 'active' then
    perform private.mkt_refuse('provider_not_active', 'Tài khoản nhà cung cấp chưa hoạt động nên chưa nhận được việc');
  end if;
  if p_provider.deposit < v_minimum then
    perform private.mkt_refuse('deposit_too_low',
      format('Số dư ký quỹ (%s đ) thấp hơn mức tối thiểu %s đ. Vui lòng nạp thêm ký quỹ',
             to_char(p_provider.deposit, 'FM999G999G999G999'), to_char(v_minimum, 'FM999G999G999G999')));
  end if;
end
$$;
revoke all on function private.mkt_require_working_provider(public.profiles) from public, anon;
grant execute on function private.mkt_require_working_provider(public.profiles) to authenticated, service_role;

-- The caller's own booking (as customer or as the assigned provider), locked for the transition.
-- Another person's booking is "not found": its existence is not revealed.
create function private.mkt_own_booking(p_booking_id uuid, p_as text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found
     or (p_as = 'customer' and v_booking.customer_id is distinct from auth.uid())
     or (p_as = 'provider' and v_booking.provider_id is distinct from auth.uid()) then
    perform private.mkt_refuse('booking_not_found', 'Không tìm thấy đơn đặt lịch');
  end if;
  return v_booking;
end
$$;
revoke all on function private.mkt_own_booking(uuid, text) from public, anon;
grant execute on function private.mkt_own_booking(uuid, text) to authenticated, service_role;

create function private.mkt_refuse_transition(p_booking public.bookings, p_action text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.mkt_refuse('booking_invalid_transition',
    format('Không thể %s khi đơn đang ở trạng thái "%s"', p_action, private.mkt_status_label(p_booking.status)));
end
$$;
revoke all on function private.mkt_refuse_transition(public.bookings, text) from public, anon;
grant execute on function private.mkt_refuse_transition(public.bookings, text) to authenticated, service_role;

-- The start of every transition of an own booking: the caller's role, the booking locked, its status
-- one of p_from (else booking_invalid_transition naming p_action and the status).
create function private.mkt_begin_transition(p_booking_id uuid, p_as text, p_from text[], p_action text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  perform private.mkt_caller(p_as);
  v_booking := private.mkt_own_booking(p_booking_id, p_as);
  if not (v_booking.status = any (p_from)) then
    perform private.mkt_refuse_transition(v_booking, p_action);
  end if;
  return v_booking;
end
$$;
revoke all on function private.mkt_begin_transition(uuid, text, text[], text) from public, anon;
grant execute on function private.mkt_begin_transition(uuid, text, text[], text) to authenticated, service_role;

-- Customer: create_booking -------------------------------------------------------------------------

create function private.create_booking(
  p_service_item_id uuid,
  p_scheduled_at timestamptz,
  p_address text,
  p_note text,
  p_payment_method text,
  p_discount_code text
)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer public.profiles%rowtype := private.mkt_caller('customer');
  v_item public.service_items%rowtype;
  v_address text := nullif(btrim(coalesce(p_address, '')), '');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_code_text text := nullif(upper(btrim(coalesce(p_discount_code, ''))), '');
  v_code public.discount_codes%rowtype;
  v_discount bigint;
  v_booking public.bookings%rowtype;
begin
  select si.* into v_item
    from public.service_items si
    join public.subcategories s on s.id = si.subcategory_id
   where si.id = p_service_item_id and si.active and s.active;
  if not found then
    perform private.mkt_refuse('package_unavailable', 'Gói dịch vụ không tồn tại hoặc đã ngừng cung cấp');
  end if;
  if p_scheduled_at is null or p_scheduled_at <= now() then
    perform private.mkt_refuse('schedule_not_future', 'Thời gian hẹn phải ở tương lai');
  end if;
  if p_scheduled_at > now() + interval '365 days' then
    perform private.mkt_refuse('schedule_too_far', 'Chỉ đặt lịch trong vòng 1 năm tới');
  end if;
  if v_address is null then
    perform private.mkt_refuse('address_required', 'Vui lòng nhập địa chỉ');
  end if;
  if char_length(v_address) > 500 then
    perform private.mkt_refuse('address_too_long', 'Địa chỉ tối đa 500 ký tự');
  end if;
  if char_length(coalesce(v_note, '')) > 1000 then
    perform private.mkt_refuse('note_too_long', 'Ghi chú tối đa 1000 ký tự');
  end if;
  if p_payment_method is null or p_payment_method not in ('cash', 'bank_transfer') then
    perform private.mkt_refuse('payment_method_invalid', 'Phương thức thanh toán không hợp lệ (tiền mặt hoặc chuyển khoản)');
  end if;

  v_discount := 0;
  if v_code_text is not null then
    -- The code's row lock serialises the customers racing for its last use: the second one reads
    -- the count the first committed (read committed re-reads a locked row) and is refused.
    select * into v_code from public.discount_codes where upper(code) = v_code_text for update;
    if not found then
      perform private.mkt_refuse('promo_not_found', 'Mã giảm giá không tồn tại');
    end if;
    if v_code.status <> 'active' then
      perform private.mkt_refuse('promo_inactive', 'Mã giảm giá đã ngừng áp dụng');
    end if;
    if v_code.expires_at <= now() then
      perform private.mkt_refuse('promo_expired', 'Mã giảm giá đã hết hạn');
    end if;
    if exists (select 1 from public.discount_code_services dcs where dcs.discount_code_id = v_code.id)
       and not exists (select 1 from public.discount_code_services dcs
                        where dcs.discount_code_id = v_code.id and dcs.subcategory_id = v_item.subcategory_id) then
      perform private.mkt_refuse('promo_not_applicable', 'Mã giảm giá không áp dụng cho dịch vụ này');
    end if;
    if v_code.uses_count >= v_code.max_uses then
      perform private.mkt_refuse('promo_used_up', 'Mã giảm giá đã hết lượt sử dụng');
    end if;
    v_discount := case when v_code.discount_type = 'percentage'
                       then round(v_item.price * v_code.discount_value / 100)::bigint
                       else round(v_code.discount_value)::bigint end;
    v_discount := least(greatest(v_discount, 0), v_item.price);
    update public.discount_codes set uses_count = uses_count + 1 where id = v_code.id;
  end if;

  insert into public.bookings (customer_id, subcategory_id, service_item_id, status, scheduled_at, address, note,
                               payment_method, original_price, final_price, discount_code, discount_type,
                               discount_value, discount_amount)
  values (v_customer.id, v_item.subcategory_id, v_item.id, 'pending', p_scheduled_at, v_address, v_note,
          p_payment_method, v_item.price, v_item.price - v_discount, v_code.code,
          case when v_code_text is not null then v_code.discount_type end,
          case when v_code_text is not null then v_code.discount_value end,
          case when v_code_text is not null then v_discount end)
  returning * into v_booking;
  return v_booking;
end
$$;

-- Customer: cancel, choose a provider, confirm completion, review ----------------------------------

create function private.cancel_booking(p_booking_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['pending', 'confirmed'], 'hủy đơn');
  -- The promotion code gets its use back (by its code text: the booking keeps a snapshot, not a
  -- key). The code's row is taken before the booking's status changes, in the order create_booking
  -- takes them (code, then the rollup rows the status change touches), so the two never deadlock.
  if v_booking.discount_code is not null then
    update public.discount_codes
       set uses_count = greatest(uses_count - 1, 0)
     where upper(code) = upper(v_booking.discount_code);
  end if;
  update public.bookings set status = 'cancelled' where id = v_booking.id returning * into v_booking;
  update public.conversations set is_active = false where booking_id = v_booking.id and is_active;
  return v_booking;
end
$$;

create function private.choose_provider(p_booking_id uuid, p_provider_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
  v_provider public.profiles%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['pending'], 'chọn nhà cung cấp');
  if v_booking.provider_id is not null then
    perform private.mkt_refuse_transition(v_booking, 'chọn nhà cung cấp');
  end if;
  if p_provider_id is null or not (p_provider_id = any (v_booking.provider_queue)) then
    perform private.mkt_refuse('provider_not_in_queue', 'Nhà cung cấp này không có trong hàng chờ của đơn');
  end if;
  select * into v_provider from public.profiles where id = p_provider_id;
  if not found or v_provider.role <> 'provider' or v_provider.status <> 'active' then
    perform private.mkt_refuse('provider_unavailable', 'Nhà cung cấp này hiện không nhận việc. Vui lòng chọn người khác');
  end if;
  update public.bookings
     set provider_id = p_provider_id, status = 'confirmed'
   where id = v_booking.id
  returning * into v_booking;
  insert into public.conversations (booking_id, provider_id, customer_id)
  values (v_booking.id, v_booking.provider_id, v_booking.customer_id)
  on conflict (booking_id) do update set provider_id = excluded.provider_id, is_active = true;
  return v_booking;
end
$$;

create function private.confirm_completion(p_booking_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['pending_completion'], 'xác nhận hoàn thành');
  -- The commission row and the provider's earnings follow from the completion triggers.
  update public.bookings set status = 'completed' where id = v_booking.id returning * into v_booking;
  update public.conversations set is_active = false where booking_id = v_booking.id and is_active;
  return v_booking;
end
$$;

create function private.create_review(p_booking_id uuid, p_rating integer, p_comment text)
returns public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer public.profiles%rowtype := private.mkt_caller('customer');
  v_booking public.bookings%rowtype;
  v_comment text := nullif(btrim(coalesce(p_comment, '')), '');
  v_review public.reviews%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['completed'], 'đánh giá');
  if p_rating is null or p_rating < 1 or p_rating > 5 then
    perform private.mkt_refuse('rating_invalid', 'Số sao đánh giá phải từ 1 đến 5');
  end if;
  if char_length(coalesce(v_comment, '')) > 1000 then
    perform private.mkt_refuse('comment_too_long', 'Nhận xét tối đa 1000 ký tự');
  end if;
  -- The booking row is locked, so a second review of the same booking waits and then sees the first.
  if exists (select 1 from public.reviews r where r.booking_id = v_booking.id) then
    perform private.mkt_refuse('already_reviewed', 'Đơn này đã được đánh giá');
  end if;
  insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment)
  values (v_booking.id, v_booking.provider_id, v_customer.id, v_customer.name, p_rating, v_comment)
  returning * into v_review;
  return v_review;
end
$$;

-- The providers in the queue of the caller's own pending booking, to choose from (names only).
create function private.list_booking_queue(p_booking_id uuid)
returns table (provider_id uuid, name text, avatar_url text, rating numeric, review_count bigint, queue_position integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_booking public.bookings%rowtype;
begin
  perform private.mkt_caller('customer');
  select * into v_booking from public.bookings b where b.id = p_booking_id and b.customer_id = auth.uid();
  if not found then
    perform private.mkt_refuse('booking_not_found', 'Không tìm thấy đơn đặt lịch');
  end if;
  return query
    select p.id, p.name, p.avatar_url,
           (select round(avg(r.rating), 1) from public.reviews r where r.provider_id = p.id and r.status = 'active'),
           (select count(*) from public.reviews r where r.provider_id = p.id and r.status = 'active'),
           q.ord::integer
      from unnest(v_booking.provider_queue) with ordinality as q(id, ord)
      join public.profiles p on p.id = q.id
     order by q.ord;
end
$$;

-- Provider: open bookings, queue, completion report, deposit top-up ------------------------------

-- A row of the providers' open-bookings list: what a provider may know before being chosen (no
-- customer phone, e-mail or id).
create type public.open_booking as (
  id uuid,
  created_at timestamptz,
  scheduled_at timestamptz,
  subcategory_id uuid,
  service_name text,
  category_name text,
  service_item_id uuid,
  service_item_name text,
  service_item_duration text,
  service_item_job_details text,
  address text,
  note text,
  payment_method text,
  original_price bigint,
  final_price bigint,
  customer_name text,
  queue_size integer,
  in_queue boolean
);

-- Pending bookings without a provider, of the caller's service types, newest first, without the
-- customer's phone or e-mail. Keyset paging on (created_at, id). Each service type walks the
-- partial index bookings_open_subcategory_created_at_idx for at most one page, then the pages merge.
create function private.list_open_bookings(
  p_limit integer,
  p_before_created_at timestamptz,
  p_before_id uuid
)
returns setof public.open_booking
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_provider public.profiles%rowtype := private.mkt_caller('provider');
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 100);
begin
  if (p_before_created_at is null) <> (p_before_id is null) then
    perform private.mkt_refuse('invalid_cursor', 'Tham số phân trang không hợp lệ');
  end if;
  return query
    select b.id, b.created_at, b.scheduled_at, b.subcategory_id, b.service_name, b.category_name,
           b.service_item_id, b.service_item_name, b.service_item_duration, b.service_item_job_details,
           b.address, b.note, b.payment_method, b.original_price, b.final_price, b.customer_name,
           cardinality(b.provider_queue), v_provider.id = any (b.provider_queue)
      from public.provider_service_types pst
      cross join lateral (
        select ob.*
          from public.bookings ob
         where ob.subcategory_id = pst.subcategory_id
           and ob.status = 'pending'
           and ob.provider_id is null
           and (p_before_created_at is null or (ob.created_at, ob.id) < (p_before_created_at, p_before_id))
         order by ob.created_at desc, ob.id desc
         limit v_limit
      ) b
     where pst.provider_id = v_provider.id
     order by b.created_at desc, b.id desc
     limit v_limit;
end
$$;

-- A working provider joins (p_join) or leaves the queue of an open booking of its service types;
-- answers the queue's size. The booking's row lock serialises the changes: each one reads the queue
-- the previous one committed.
create function private.change_booking_queue(p_booking_id uuid, p_join boolean)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_provider public.profiles%rowtype;
  v_booking public.bookings%rowtype;
begin
  v_provider := private.mkt_caller('provider');
  perform private.mkt_require_working_provider(v_provider);
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if p_join and (not found or not exists (select 1 from public.provider_service_types pst
                                           where pst.provider_id = v_provider.id and pst.subcategory_id = v_booking.subcategory_id)) then
    perform private.mkt_refuse('booking_not_found', 'Không tìm thấy đơn đặt lịch');
  end if;
  if not p_join and (not found or not (v_provider.id = any (v_booking.provider_queue))) then
    perform private.mkt_refuse('not_in_queue', 'Bạn không ở trong hàng chờ của đơn này');
  end if;
  if v_booking.status <> 'pending' or v_booking.provider_id is not null then
    perform private.mkt_refuse('booking_not_open', case when p_join then 'Đơn này không còn nhận nhà cung cấp'
                                                        else 'Đơn này đã chọn nhà cung cấp, không thể rời hàng chờ' end);
  end if;
  if p_join and v_provider.id = any (v_booking.provider_queue) then
    perform private.mkt_refuse('already_in_queue', 'Bạn đã ở trong hàng chờ của đơn này');
  end if;
  update public.bookings
     set provider_queue = case when p_join then array_append(provider_queue, v_provider.id)
                               else array_remove(provider_queue, v_provider.id) end
   where id = v_booking.id
  returning * into v_booking;
  return cardinality(v_booking.provider_queue);
end
$$;

create function private.report_completion(p_booking_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'provider', array['confirmed'], 'báo hoàn thành');
  update public.bookings
     set status = 'pending_completion', completion_reported_at = now()
   where id = v_booking.id
  returning * into v_booking;
  return v_booking;
end
$$;

create function private.request_deposit(p_amount bigint, p_note text)
returns public.deposit_history
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_provider public.profiles%rowtype := private.mkt_caller('provider');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_row public.deposit_history%rowtype;
begin
  if p_amount is null or p_amount <= 0 then
    perform private.mkt_refuse('amount_invalid', 'Số tiền nạp phải lớn hơn 0');
  end if;
  if p_amount > 1000000000 then
    perform private.mkt_refuse('amount_too_large', 'Số tiền nạp tối đa 1.000.000.000 đ mỗi lần');
  end if;
  if char_length(coalesce(v_note, '')) > 500 then
    perform private.mkt_refuse('note_too_long', 'Ghi chú tối đa 500 ký tự');
  end if;
  -- At most 3 requests waiting at a time (the row lock makes the count exact under concurrency).
  perform 1 from public.profiles where id = v_provider.id for update;
  if (select count(*) from public.deposit_history d where d.provider_id = v_provider.id and d.status = 'pending') >= 3 then
    perform private.mkt_refuse('too_many_pending_deposits', 'Bạn đã có 3 yêu cầu nạp ký quỹ đang chờ xử lý');
  end if;
  insert into public.deposit_history (provider_id, amount, status, note)
  values (v_provider.id, p_amount, 'pending', v_note)
  returning * into v_row;
  return v_row;
end
$$;

-- Public wrappers (what supabase-js `rpc` calls) ---------------------------------------------------

create function public.create_booking(
  p_service_item_id uuid,
  p_scheduled_at timestamptz,
  p_address text,
  p_note text default null,
  p_payment_method text default 'cash',
  p_discount_code text default null
)
returns public.bookings
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.create_booking(p_service_item_id, p_scheduled_at, p_address, p_note, p_payment_method, p_discount_code)
$$;
comment on function public.create_booking(uuid, timestamptz, text, text, text, text) is
  'Customer: books a visible package (future time, address, note, cash/bank_transfer, optional promotion code counted atomically). Starts pending.';

create function public.cancel_booking(p_booking_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.cancel_booking(p_booking_id) $$;
comment on function public.cancel_booking(uuid) is 'Customer: cancels an own pending/confirmed booking; the promotion code gets its use back.';

create function public.choose_provider(p_booking_id uuid, p_provider_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.choose_provider(p_booking_id, p_provider_id) $$;
comment on function public.choose_provider(uuid, uuid) is 'Customer: picks an active provider from the queue of an own pending booking → confirmed.';

create function public.confirm_completion(p_booking_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.confirm_completion(p_booking_id) $$;
comment on function public.confirm_completion(uuid) is 'Customer: confirms an own pending_completion booking → completed (commission written by trigger).';

create function public.create_review(p_booking_id uuid, p_rating integer, p_comment text default null)
returns public.reviews
language sql volatile security invoker set search_path = ''
as $$ select * from private.create_review(p_booking_id, p_rating, p_comment) $$;
comment on function public.create_review(uuid, integer, text) is 'Customer: reviews an own completed booking once (rating 1–5, comment ≤ 1000 characters).';

create function public.list_booking_queue(p_booking_id uuid)
returns table (provider_id uuid, name text, avatar_url text, rating numeric, review_count bigint, queue_position integer)
language sql stable security invoker set search_path = ''
as $$ select * from private.list_booking_queue(p_booking_id) $$;
comment on function public.list_booking_queue(uuid) is 'Customer: the providers queued on an own booking (name, avatar, rating), in queue order.';

create function public.list_open_bookings(
  p_limit integer default 50,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null
)
returns setof public.open_booking
language sql stable security invoker set search_path = ''
as $$ select * from private.list_open_bookings(p_limit, p_before_created_at, p_before_id) $$;
comment on function public.list_open_bookings(integer, timestamptz, uuid) is
  'Provider: pending bookings without a provider of its service types, newest first (keyset paging), without customer contact.';

create function public.join_booking_queue(p_booking_id uuid)
returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.change_booking_queue(p_booking_id, true) $$;
comment on function public.join_booking_queue(uuid) is 'Provider (active, minimum deposit): joins an open booking''s queue; returns the queue size.';

create function public.leave_booking_queue(p_booking_id uuid)
returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.change_booking_queue(p_booking_id, false) $$;
comment on function public.leave_booking_queue(uuid) is 'Provider (active, minimum deposit): leaves an open booking''s queue; returns the queue size.';

create function public.report_completion(p_booking_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.report_completion(p_booking_id) $$;
comment on function public.report_completion(uuid) is 'Provider: reports its confirmed booking done → pending_completion with the report time.';

create function public.request_deposit(p_amount bigint, p_note text default null)
returns public.deposit_history
language sql volatile security invoker set search_path = ''
as $$ select * from private.request_deposit(p_amount, p_note) $$;
comment on function public.request_deposit(bigint, text) is 'Provider: asks for a deposit top-up → a pending deposit_history row an admin completes or cancels.';

-- Privileges: the bodies in `private` and their wrappers alike are callable by signed-in users and the
-- service role, by nobody else.
do $$
declare
  v_signature text;
begin
  foreach v_signature in array array[
    'private.create_booking(uuid, timestamptz, text, text, text, text)',
    'public.create_booking(uuid, timestamptz, text, text, text, text)',
    'private.cancel_booking(uuid)',
    'public.cancel_booking(uuid)',
    'private.choose_provider(uuid, uuid)',
    'public.choose_provider(uuid, uuid)',
    'private.confirm_completion(uuid)',
    'public.confirm_completion(uuid)',
    'private.create_review(uuid, integer, text)',
    'public.create_review(uuid, integer, text)',
    'private.list_booking_queue(uuid)',
    'public.list_booking_queue(uuid)',
    'private.list_open_bookings(integer, timestamptz, uuid)',
    'public.list_open_bookings(integer, timestamptz, uuid)',
    'private.change_booking_queue(uuid, boolean)',
    'public.join_booking_queue(uuid)',
    'public.leave_booking_queue(uuid)',
    'private.report_completion(uuid)',
    'public.report_completion(uuid)',
    'private.request_deposit(bigint, text)',
    'public.request_deposit(bigint, text)'
  ] loop
    execute format('revoke all on function %s from public, anon', v_signature);
    execute format('grant execute on function %s to authenticated, service_role', v_signature);
  end loop;
end
$$;
