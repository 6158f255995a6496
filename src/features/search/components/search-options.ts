// The options of the search palette out of public.admin_search's answer, in the order shown and
// walked by the arrows: bookings, then customers, then providers, each person group ending with a
// "see all" line (the list filtered by the text) when it is full.
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { formatDateTime, formatVnd, shortBookingId } from '@/lib/format/format.ts';
import { searchPalette as t } from '@/lib/messages/search.ts';
import { SEARCH_GROUP_LIMIT, type AdminSearchAnswer } from '@/features/search/api/admin-search.ts';

export type GroupKey = keyof AdminSearchAnswer;

export interface SearchOption {
  key: string;
  group: GroupKey;
  to: string;
  title: string;
  detail: string;
  /** A "see all" line at the end of a group. */
  more?: boolean;
}


/** The options of an answer, in the order shown (the arrows walk this order). */
export function searchOptions(answer: AdminSearchAnswer, text: string): SearchOption[] {
  const options: SearchOption[] = [];
  for (const booking of answer.bookings) {
    options.push({
      key: `b:${booking.id}`,
      group: 'bookings',
      to: `/admin/bookings/${booking.id}`,
      title: t.bookingTitle(shortBookingId(booking.id), booking.customer_name),
      detail: [booking.service_item_name ?? booking.service_name, statusLabel('booking', booking.status), formatVnd(booking.final_price), formatDateTime(booking.created_at)].join(' · '),
    });
  }
  for (const group of ['customers', 'providers'] as const) {
    const people = answer[group];
    for (const person of people) {
      options.push({
        key: `${group}:${person.id}`,
        group,
        to: `/admin/${group}/${person.id}`,
        title: person.name,
        detail: [person.phone ?? t.noPhone, person.email, statusLabel(group === 'customers' ? 'customer' : 'provider', person.status)]
          .filter((part): part is string => part !== null && part !== '')
          .join(' · '),
      });
    }
    if (people.length >= SEARCH_GROUP_LIMIT) {
      options.push({
        key: `${group}:more`,
        group,
        to: `/admin/${group}?${new URLSearchParams({ q: text }).toString()}`,
        title: t.seeAll(t.groups[group]),
        detail: '',
        more: true,
      });
    }
  }
  return options;
}
