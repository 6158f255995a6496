// Provider filter: providers can number in the tens of thousands, so the select lists at most 20
// names found on the server by the text typed beside it (the chosen provider always stays listed).
import { useState } from 'react';
import { SearchInput, SelectFilter } from '@/components/ui/filter-bar.tsx';
import { commissions as t } from '@/lib/messages/commissions.ts';
import { useProviderOptions } from '@/features/commissions/api/commission-options-query.ts';

export function ProviderFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const options = useProviderOptions(search, value);
  return (
    <>
      <SearchInput
        label={t.filters.providerSearch}
        value={search}
        onChange={setSearch}
        placeholder={t.filters.providerSearch}
        className="max-w-48"
      />
      <SelectFilter
        label={t.filters.provider}
        value={value}
        onChange={onChange}
        allLabel={t.filters.allProviders}
        options={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
        className="max-w-60"
      />
    </>
  );
}
