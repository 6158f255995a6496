// Rules of the provider screens: statuses and saved addresses (the
// contact-field rules are shared with customers in src/lib/input/contact-rules.ts).

export const PROVIDER_STATUSES = ['inactive', 'pending_approval', 'active', 'banned'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
/** The list filter offers the first three (docs/screens.md#providers); the detail editor all four. */
export const PROVIDER_FILTER_STATUSES = ['inactive', 'pending_approval', 'active'] as const;

export interface SavedAddress {
  address: string;
  label: string | null;
  isDefault: boolean;
}

/** Saved addresses are strings or {address, label, is_default|isDefault} objects (docs/screens.md#provider-detail). */
export function readSavedAddresses(value: unknown): SavedAddress[] {
  if (!Array.isArray(value)) return [];
  const result: SavedAddress[] = [];
  for (const item of value) {
    if (typeof item === 'string') {
      if (item.trim() !== '') result.push({ address: item, label: null, isDefault: false });
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const address = typeof record.address === 'string' ? record.address : '';
      if (address.trim() === '') continue;
      result.push({
        address,
        label: typeof record.label === 'string' && record.label.trim() !== '' ? record.label : null,
        isDefault: record.is_default === true || record.isDefault === true,
      });
    }
  }
  return result;
}
