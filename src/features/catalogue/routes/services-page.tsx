// /admin/manage-subcategories: services grouped by category (collapsible), server-side search
// over name / icon / category, refresh, inline error banner with retry, the three empty states,
// inline edits (name, icon, commission %, order), visibility switch and a per-group add form.
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FilterBar, SearchInput } from '../../../components/ui/filter-bar.tsx';
import { InlineEdit } from '../../../components/ui/inline-edit.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { RequiredInlineText } from '../../../components/ui/required-inline-text.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { catalogue } from '../../../lib/messages/catalogue.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { catalogueKeys } from '../api/catalogue-keys.ts';
import { parseDecimal, validateCommission, validateOrder, validateServiceIcon, validateServiceName } from '../api/catalogue-rules.ts';
import type { CategoryGroup, ServiceRow } from '../api/catalogue-types.ts';
import { ServiceConflictError, useUpdateService, type ServicePatch } from '../api/service-mutations.ts';
import { useServices } from '../api/services-query.ts';
import { AddServiceForm } from '../components/add-service-form.tsx';
import { VisibilitySwitch } from '../components/visibility-switch.tsx';

const t = catalogue.services;
const DEFAULTS = { q: '' };

function ServiceTable({ services, save }: { services: readonly ServiceRow[]; save: (row: ServiceRow, patch: ServicePatch) => Promise<void> }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {[t.columns.index, t.columns.name, t.columns.icon, t.columns.commission, t.columns.order, t.columns.visible].map((header) => (
              <th key={header} scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {services.map((row, index) => (
            <tr key={row.id} className={row.active ? 'hover:bg-slate-50' : 'bg-slate-50 text-slate-500'}>
              <td className="px-3 py-2 tabular-nums text-slate-500">{index + 1}</td>
              <td className="px-3 py-2">
                <RequiredInlineText
                  label={`${t.columns.name} ${row.name}`}
                  value={row.name}
                  requiredMessage={t.nameRequired}
                  validate={(value) => validateServiceName(value) ?? undefined}
                  onSave={(name) => save(row, { name })}
                />
              </td>
              <td className="px-3 py-2">
                <RequiredInlineText
                  label={`${t.columns.icon} ${row.name}`}
                  value={row.icon}
                  requiredMessage={t.iconRequired}
                  validate={(value) => validateServiceIcon(value) ?? undefined}
                  inputClassName="w-32"
                  onSave={(icon) => save(row, { icon })}
                />
              </td>
              <td className="px-3 py-2">
                <RequiredInlineText
                  label={`${t.columns.commission} ${row.name}`}
                  value={row.commission_rate === null ? '' : String(Number(row.commission_rate))}
                  display={row.commission_rate === null ? <span className="text-slate-600 italic">{t.commissionDefault}</span> : formatPercent(row.commission_rate)}
                  requiredMessage={t.commissionInvalid}
                  validate={(value) => validateCommission(value) ?? undefined}
                  inputClassName="w-24"
                  onSave={(value) => save(row, { commission_rate: parseDecimal(value) ?? 0 })}
                />
              </td>
              <td className="px-3 py-2">
                <InlineEdit
                  label={t.orderLabel(row.name)}
                  value={String(row.sort_order)}
                  validate={(value) => validateOrder(value) ?? undefined}
                  inputClassName="w-20"
                  onSave={(value) => save(row, { sort_order: Number(value) })}
                />
              </td>
              <td className="px-3 py-2">
                <VisibilitySwitch
                  checked={row.active}
                  label={row.active ? t.visibleOn(row.name) : t.visibleOff(row.name)}
                  onLabel={t.shown}
                  offLabel={t.hidden}
                  onChange={(active) => void save(row, { active }).catch(() => undefined)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Group({
  group,
  collapsed,
  onToggle,
  save,
}: {
  group: CategoryGroup;
  collapsed: boolean;
  onToggle: () => void;
  save: (row: ServiceRow, patch: ServicePatch) => Promise<void>;
}) {
  const [adding, setAdding] = useState(false);
  const bodyId = `category-${group.category.id}`;
  const name = group.category.name;
  return (
    <section className="overflow-hidden rounded-lg border border-slate-200 bg-white" aria-labelledby={`${bodyId}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-100 px-3 py-2">
        <h2 id={`${bodyId}-title`} className="text-base font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            onClick={onToggle}
            className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {collapsed ? <ChevronRight className="size-4" aria-hidden="true" /> : <ChevronDown className="size-4" aria-hidden="true" />}
            {name}
            <span className="sr-only">{collapsed ? ` (${t.expandGroup(name)})` : ` (${t.collapseGroup(name)})`}</span>
          </button>
          <span className="ml-2 text-sm font-normal text-slate-600">{t.countInGroup(group.services.length)}</span>
        </h2>
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden="true" />}
          aria-expanded={adding}
          onClick={() => setAdding((value) => !value)}
        >
          {t.addInGroup(name)}
        </Button>
      </div>
      <div id={bodyId} hidden={collapsed}>
        {adding ? <AddServiceForm categoryId={group.category.id} categoryName={name} onDone={() => setAdding(false)} /> : null}
        {group.services.length === 0 ? <EmptyState title={t.emptyGroup} /> : <ServiceTable services={group.services} save={save} />}
      </div>
    </section>
  );
}

export default function ServicesPage() {
  const [state, setState] = useUrlState(DEFAULTS);
  const services = useServices(state.q);
  const update = useUpdateService();
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  async function save(row: ServiceRow, patch: ServicePatch) {
    try {
      await update.mutateAsync({ row, patch });
    } catch (error) {
      if (error instanceof ServiceConflictError) return;
      throw error;
    }
  }

  function toggle(id: string) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  let body;
  if (services.isPending) body = <LoadingState />;
  else if (services.error && !services.data) body = null;
  else if ((services.data?.categoryCount ?? 0) === 0) body = <EmptyState title={t.emptyAll} />;
  else if (state.q.trim() !== '' && (services.data?.groups.length ?? 0) === 0) body = <EmptyState title={t.noMatch} />;
  else
    body = (
      <div className="space-y-4" aria-busy={services.isFetching || undefined}>
        {(services.data?.groups ?? []).map((group) => (
          <Group
            key={group.category.id}
            group={group}
            collapsed={collapsed.has(group.category.id)}
            onToggle={() => toggle(group.category.id)}
            save={save}
          />
        ))}
      </div>
    );

  return (
    <div>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <RefreshButton
            loading={services.isFetching && !services.isPending}
            onClick={() => void queryClient.invalidateQueries({ queryKey: catalogueKeys.servicesAll() })}
          />
        }
      />
      <FilterBar>
        <SearchInput label={t.searchLabel} value={state.q} placeholder={t.searchPlaceholder} onChange={(q) => setState({ q }, { replace: true })} />
      </FilterBar>
      {services.error ? (
        <ErrorState title={t.loadFailed} error={services.error} onRetry={() => void services.refetch()} className="mb-4" />
      ) : null}
      {body}
    </div>
  );
}
