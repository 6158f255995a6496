// /admin/manage-services — professions (categories, docs/decisions.md#professions-editor): name filter and refresh; a table
// of order, icon, name (click to rename: Enter or leaving saves, Escape cancels, blank refused with
// 'Tên ngành nghề không thể để trống', at most 100 characters) and an order input (a whole number
// from 0 to 100,000, docs/product.md#input-rules; saved once on Enter or leaving, the list
// re-sorts); and "Thêm ngành nghề" with name and icon.
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table.tsx';
import { FilterBar, SearchInput } from '@/components/ui/filter-bar.tsx';
import { InlineEdit, InlineError } from '@/components/ui/inline-edit.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RefreshButton } from '@/components/ui/refresh-button.tsx';
import { professions as t } from '@/lib/messages/professions.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { CATALOGUE_URL_DEFAULTS } from '@/features/catalogue/api/catalogue-url.ts';
import { useProfessions } from '@/features/catalogue/api/professions-query.ts';
import { useUpdateProfession } from '@/features/catalogue/api/profession-update-mutation.ts';
import type { Profession } from '@/features/catalogue/api/catalogue-types.ts';
import { PROFESSION_ICON_MAX, PROFESSION_NAME_MAX, validateProfessionIcon, validateProfessionName } from '@/features/catalogue/api/professions-rules.ts';
import { ProfessionsCreateDialog } from '@/features/catalogue/components/professions-create-dialog.tsx';
import { ProfessionsOrderInput } from '@/features/catalogue/components/professions-order-input.tsx';


function NameCell({ profession, onSave }: { profession: Profession; onSave: (name: string) => Promise<unknown> }) {
  const [showRequired, setShowRequired] = useState(false);
  return (
    <div
      className="inline-flex flex-col gap-1"
      onKeyDownCapture={(event) => {
        const target = event.target;
        if (event.key === 'Enter' && target instanceof HTMLInputElement && target.value.trim() === '') {
          event.preventDefault();
          event.stopPropagation();
          setShowRequired(true);
        } else if (showRequired) {
          // Any other key (typing, Enter on a value, Escape) hides the message. Done on keydown, not
          // on input: a state change during the input event would reset the controlled field.
          setShowRequired(false);
        }
      }}
      onBlurCapture={() => setShowRequired(false)}
    >
      <InlineEdit
        label={t.columns.name}
        value={profession.name}
        validate={validateProfessionName}
        maxLength={PROFESSION_NAME_MAX}
        onSave={onSave}
        inputClassName="w-64"
      />
      <InlineError error={showRequired ? t.nameRequired : null} />
    </div>
  );
}

export default function ProfessionsPage() {
  const [filters, setFilters] = useUrlState(CATALOGUE_URL_DEFAULTS);
  const list = useProfessions(filters.q);
  const update = useUpdateProfession();

  const columns: DataTableColumn<Profession>[] = [
    { key: 'order', header: t.columns.order, className: 'tabular-nums text-slate-600', cell: (row) => row.sort_order },
    {
      key: 'icon',
      header: t.columns.icon,
      cell: (row) => (
        <InlineEdit
          label={`${t.columns.icon} ${row.name}`}
          value={row.icon}
          display={row.icon ? <span className="text-lg">{row.icon}</span> : <span className="text-slate-500">{t.noIcon}</span>}
          validate={validateProfessionIcon}
          maxLength={PROFESSION_ICON_MAX}
          onSave={(icon) => update.mutateAsync({ id: row.id, patch: { icon }, expectedUpdatedAt: row.updated_at })}
          inputClassName="w-24"
        />
      ),
    },
    {
      key: 'name',
      header: t.columns.name,
      cell: (row) => (
        <NameCell profession={row} onSave={(name) => update.mutateAsync({ id: row.id, patch: { name }, expectedUpdatedAt: row.updated_at })} />
      ),
    },
    {
      key: 'orderInput',
      header: t.columns.orderInput,
      cell: (row) => (
        <ProfessionsOrderInput
          name={row.name}
          value={row.sort_order}
          onSave={(sortOrder) => update.mutateAsync({ id: row.id, patch: { sort_order: sortOrder }, expectedUpdatedAt: row.updated_at })}
        />
      ),
    },
  ];

  return (
    <div>
      <PageHeader title={t.title} description={t.description} actions={<ProfessionsCreateDialog />} />
      <FilterBar
        actions={
          <RefreshButton
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isLoading}
          />
        }
      >
        <SearchInput label={t.searchLabel} placeholder={t.searchPlaceholder} value={filters.q} onChange={(q) => setFilters({ q }, { replace: true })} />
      </FilterBar>
      <DataTable
        caption={t.title}
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        isLoading={list.isLoading}
        isFetching={list.isFetching}
        error={list.error ?? undefined}
        errorTitle={t.loadFailed}
        onRetry={() => void list.refetch()}
        emptyTitle={filters.q.trim() === '' ? t.empty : t.noMatch}
      />
    </div>
  );
}
