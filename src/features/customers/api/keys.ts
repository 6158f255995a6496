// Query keys of the customers area: lists by filters, each customer's profile, stats and recent bookings.
import type { ProfilesListFilters } from '@/lib/lists/profiles-list-filters.ts';
import { profileKeys } from '@/lib/query/query-keys.ts';

export const customerKeys = profileKeys<ProfilesListFilters>('customers');
