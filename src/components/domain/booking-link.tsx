// A booking's short number (# + the last 8 characters of its id, docs/screens.md#bookings) linking to its detail,
// with the full id as the tooltip.
import { Link } from 'react-router-dom';
import { shortBookingId } from '@/lib/format/format.ts';

export function BookingLink({ id }: { id: string }) {
  return (
    <Link to={`/admin/bookings/${id}`} title={id} className="font-mono whitespace-nowrap text-teal-800 hover:underline">
      #{shortBookingId(id)}
    </Link>
  );
}
