// Provider filter: a name search (on the server, 20 results) beside a select of the matches.
import { useState } from 'react';
import { SearchInput, SelectFilter } from '@/components/ui/filter-bar.tsx';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { useProviderOptions } from '@/features/deposits/api/provider-options-query.ts';

export function ProviderFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const options = useProviderOptions(search, value);
  return (
    <>
      <SearchInput label={t.filters.providerSearch} value={search} onChange={setSearch} className="max-w-48" />
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
