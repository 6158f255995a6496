// The provider filter of the bookings, commissions and deposits lists. The combobox itself
// (provider-combobox.tsx: server search as the admin types, keyboard, chosen name read by id) is a
// lazy part (docs/architecture.md#lazy-parts): its code arrives right after the list's first paint,
// and until then the same field is shown, inert. The filter counts as active ("Bộ lọc (n)") from the
// first render.
import { lazy, Suspense } from 'react';
import { useFilterActive } from '@/components/ui/filter-bar.tsx';
import { common } from '@/lib/messages/common.ts';
import type { ProviderPickerProps } from './provider-combobox.tsx';

export type { ProviderPickerProps };

const t = common.providerPicker;
const ProviderCombobox = lazy(() => import('./provider-combobox.tsx'));

/** The field as it looks before the combobox's code has arrived. */
function PickerPlaceholder({ value }: { value: string }) {
  return (
    <div className="relative min-w-56 flex-1">
      <p className="mb-1 block text-xs font-medium text-slate-600">{t.label}</p>
      <div aria-busy="true" className="flex h-10 w-full items-center rounded-md border border-slate-300 bg-white pl-3 text-sm text-slate-500">
        {value === '' ? t.all : t.search}
      </div>
    </div>
  );
}

export function ProviderPicker(props: ProviderPickerProps) {
  useFilterActive(props.value !== '');
  return (
    <Suspense fallback={<PickerPlaceholder value={props.value} />}>
      <ProviderCombobox {...props} />
    </Suspense>
  );
}
