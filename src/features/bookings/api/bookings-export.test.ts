import { describe, expect, it } from 'vitest';
import { BOOKING_LIST_DEFAULTS, type ListBookingsArgs } from './booking-filters.ts';
import { ExportCanceledError, bookingsToCsv, collectBookingsForExport, exportFileName, type FetchChunk } from './bookings-export.ts';
import type { BookingRow } from './bookings-query.ts';

function row(i: number): BookingRow {
  return {
    id: `id-${String(i).padStart(5, '0')}`,
    created_at: new Date(Date.UTC(2026, 10, 1) - i * 60_000).toISOString(),
    status: i % 2 === 0 ? 'completed' : 'pending',
    customer_id: null,
    customer_name: `Khách ${i}`,
    customer_phone: '0901 234 567',
    provider_id: null,
    provider_name: i % 3 === 0 ? null : 'Trần Văn Thợ',
    category_name: 'Lao động phổ thông',
    service_name: 'Dọn dẹp nhà cửa',
    service_item_name: 'Gói 2 giờ',
    final_price: 150000 + i,
    scheduled_at: null,
    payment_method: 'cash',
  };
}

/** A fake server over `total` rows, newest first, honouring limit and the cursor (here the row's id). */
function fakeServer(total: number) {
  const all = Array.from({ length: total }, (_, i) => row(i));
  const calls: (ListBookingsArgs & { count: boolean })[] = [];
  const fetchChunk: FetchChunk = async (args, count) => {
    calls.push({ ...args, count });
    let start = 0;
    if (args.p_after !== undefined) start = all.findIndex((r) => r.id === args.p_after) + 1;
    const rows = all.slice(start, start + (args.p_limit ?? 50));
    return { rows, total: count ? total : null, lastCursor: rows.at(-1)?.id ?? null };
  };
  return { all, calls, fetchChunk };
}

describe('collectBookingsForExport', () => {
  it('walks every filtered row in chunks with the cursors, in the shown sort, and reports progress', async () => {
    const server = fakeServer(2350);
    const progress: number[] = [];
    const result = await collectBookingsForExport({ ...BOOKING_LIST_DEFAULTS, status: 'completed' }, server.fetchChunk, {
      sort: 'final_price.desc',
      chunkSize: 1000,
      onProgress: (p) => progress.push(p.done),
    });
    expect(result.rows.map((r) => r.id)).toEqual(server.all.map((r) => r.id));
    expect(result.capped).toBe(false);
    expect(server.calls).toHaveLength(3);
    expect(server.calls.every((call) => call.p_status === 'completed' && call.p_sort === 'final_price.desc')).toBe(true);
    expect(server.calls[0]).toMatchObject({ count: true, p_limit: 1000 });
    expect(server.calls[0]?.p_after).toBeUndefined();
    expect(server.calls[1]).toMatchObject({ count: false, p_after: 'id-00999' });
    expect(progress).toEqual([1000, 2000, 2350]);
  });

  it('stops at the cap and says so', async () => {
    const server = fakeServer(5000);
    const result = await collectBookingsForExport(BOOKING_LIST_DEFAULTS, server.fetchChunk, { chunkSize: 1000, cap: 2500 });
    expect(result.rows).toHaveLength(2500);
    expect(result.capped).toBe(true);
  });

  it('is not "capped" when the rows end exactly at the cap', async () => {
    const server = fakeServer(2000);
    const result = await collectBookingsForExport(BOOKING_LIST_DEFAULTS, server.fetchChunk, { chunkSize: 1000, cap: 2000 });
    expect(result.rows).toHaveLength(2000);
    expect(result.capped).toBe(false);
  });

  it('uses one "now" for every chunk so a time filter does not move', async () => {
    const server = fakeServer(1500);
    await collectBookingsForExport({ ...BOOKING_LIST_DEFAULTS, time: '30d' }, server.fetchChunk, {
      chunkSize: 1000,
      now: new Date('2026-11-22T00:00:00Z'),
    });
    expect(new Set(server.calls.map((call) => call.p_since))).toEqual(new Set(['2026-10-23T00:00:00.000Z']));
  });

  it('can be cancelled between chunks', async () => {
    const server = fakeServer(3000);
    const controller = new AbortController();
    await expect(
      collectBookingsForExport(BOOKING_LIST_DEFAULTS, server.fetchChunk, {
        chunkSize: 1000,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    ).rejects.toBeInstanceOf(ExportCanceledError);
    expect(server.calls).toHaveLength(1);
  });

  it('returns nothing for an empty result', async () => {
    const server = fakeServer(0);
    const result = await collectBookingsForExport(BOOKING_LIST_DEFAULTS, server.fetchChunk);
    expect(result).toEqual({ rows: [], capped: false });
  });
});

describe('bookingsToCsv', () => {
  it('writes a BOM, the Vietnamese header and one CRLF line per booking', () => {
    const csv = bookingsToCsv([row(0), row(1)]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Mã booking,Thời gian tạo,Trạng thái,Khách hàng,SĐT khách hàng,Nhà cung cấp,Ngành nghề,Dịch vụ,Gói dịch vụ,Thời gian thực hiện,Phương thức thanh toán,Giá cuối (VND)',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('id-00000,07:00 01/11/2026,Hoàn thành,Khách 0,0901 234 567,,Lao động phổ thông,Dọn dẹp nhà cửa,Gói 2 giờ,,Tiền mặt,150000');
    expect(lines[2]).toContain('Chờ xác nhận,Khách 1,0901 234 567,Trần Văn Thợ');
  });

  it('cannot be used for formula injection', () => {
    const csv = bookingsToCsv([{ ...row(0), customer_name: '=HYPERLINK("x")' }]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('exportFileName', () => {
  it('is dated in Vietnam time', () => {
    expect(exportFileName(new Date('2026-11-22T18:30:00Z'))).toBe('booking-2026-11-23.csv');
  });
});
