// Query keys of the customers area: lists by filters, each customer's profile, stats and recent bookings.
import type { ProfilesListFilters } from '@/lib/profiles-list-filters.ts';
import { profileKeys } from '@/lib/query-keys.ts';

export const customerKeys = profileKeys<ProfilesListFilters>('customers');
