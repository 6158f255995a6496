// Query-key factories that features share (docs/architecture.md#data-layer): a feature's keys.ts
// builds its keys with them under its own root and adds its own.

/** The keys of a feature with a list screen and a detail screen: its root, its lists by filters, each detail by id. */
export function listDetailKeys<Filters>(root: string) {
  const all = [root] as const;
  const lists = () => [...all, 'list'] as const;
  const details = () => [...all, 'detail'] as const;
  return {
    all,
    lists,
    list: (filters: Filters) => [...lists(), filters] as const,
    details,
    detail: (id: string) => [...details(), id] as const,
  };
}

/** A person's list and profile (customers, providers): listDetailKeys plus the profile's stat cards and recent bookings. */
export function profileKeys<Filters>(root: string) {
  const keys = listDetailKeys<Filters>(root);
  return {
    ...keys,
    stats: (id: string) => [...keys.detail(id), 'stats'] as const,
    recentBookings: (id: string) => [...keys.detail(id), 'recent-bookings'] as const,
  };
}
