// /admin/manage-subcategories: services grouped by category (collapsible), server-side search
// over name / icon / category, refresh, inline error banner with retry, the three empty states,
// inline edits (name, icon, commission %, order), visibility switch, a per-group add form, and the
// delete of a service nothing uses (hide offered instead when used: docs/product.md#catalogue-deletion).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteUnusedButton } from '@/components/domain/delete-unused-button.tsx';
import { RequiredInlineText } from '@/components/ui/required-inline-text.tsx';
import { InlineLoading, lazyPart } from '@/components/ui/lazy-part.tsx';
import { EmptyState } from '@/components/ui/states.tsx';
import { saveUnlessConflict } from '@/lib/errors/errors.ts';
import { formatPercent } from '@/lib/format/format.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { CATALOGUE_URL_DEFAULTS } from '@/features/catalogue/api/catalogue-url.ts';
import { catalogueKeys } from '@/features/catalogue/api/keys.ts';
import { CATALOGUE_MAX, parseDecimal, validateCommission, validateServiceIcon, validateServiceName } from '@/features/catalogue/api/catalogue-rules.ts';
import type { CategoryGroup, ServiceRow } from '@/features/catalogue/api/catalogue-types.ts';
import { useUpdateService, type ServicePatch } from '@/features/catalogue/api/service-update-mutation.ts';
import { useServices } from '@/features/catalogue/api/services-query.ts';
import { CatalogueTable } from '@/features/catalogue/components/catalogue-table.tsx';
import { CollapsibleGroup, useCollapsedGroups } from '@/features/catalogue/components/collapsible-group.tsx';
import { GroupedCataloguePage } from '@/features/catalogue/components/grouped-catalogue-page.tsx';
import { OrderVisibilityCells } from '@/features/catalogue/components/order-visibility-cells.tsx';

const t = catalogue.services;

// The add form (react-hook-form) is loaded when the admin opens it (docs/architecture.md#lazy-parts).
const AddServiceForm = lazyPart(() => import('@/features/catalogue/components/add-service-form.tsx').then((module) => module.AddServiceForm), <InlineLoading />);

const HEADERS = [t.columns.index, t.columns.name, t.columns.icon, t.columns.commission, t.columns.order, t.columns.visible, t.columns.actions];

function ServiceTable({ services, save }: { services: readonly ServiceRow[]; save: (row: ServiceRow, patch: ServicePatch) => Promise<void> }) {
  const queryClient = useQueryClient();
  return (
    <CatalogueTable
      headers={HEADERS}
      rows={services}
      cells={(row) => (
        <>
          <td className="px-3 py-2">
            <RequiredInlineText
              label={`${t.columns.name} ${row.name}`}
              value={row.name}
              requiredMessage={t.nameRequired}
              maxLength={CATALOGUE_MAX.serviceName}
              validate={(value) => validateServiceName(value) ?? undefined}
              onSave={(name) => save(row, { name })}
            />
          </td>
          <td className="px-3 py-2">
            <RequiredInlineText
              label={`${t.columns.icon} ${row.name}`}
              value={row.icon}
              requiredMessage={t.iconRequired}
              maxLength={CATALOGUE_MAX.serviceIcon}
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
              maxLength={6}
              inputClassName="w-24"
              onSave={(value) => save(row, { commission_rate: parseDecimal(value) ?? 0 })}
            />
          </td>
          <OrderVisibilityCells row={row} texts={t} save={(patch) => save(row, patch)} />
          <td className="px-3 py-2">
            <DeleteUnusedButton
              kind="service"
              id={row.id}
              name={row.name}
              hidden={!row.active}
              onHide={() => save(row, { active: false })}
              onDeleted={() => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all })}
            />
          </td>
        </>
      )}
    />
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
    <CollapsibleGroup
      id={bodyId}
      name={name}
      detail={t.countInGroup(group.services.length)}
      collapsed={collapsed}
      onToggle={onToggle}
      texts={t}
      onAdd={() => setAdding((value) => !value)}
      addExpanded={adding}
    >
      {adding ? <AddServiceForm categoryId={group.category.id} categoryName={name} onDone={() => setAdding(false)} /> : null}
      {group.services.length === 0 ? <EmptyState title={t.emptyGroup} /> : <ServiceTable services={group.services} save={save} />}
    </CollapsibleGroup>
  );
}

export default function ServicesPage() {
  const [state, setState] = useUrlState(CATALOGUE_URL_DEFAULTS);
  const services = useServices(state.q);
  const update = useUpdateService();
  const [collapsed, toggle] = useCollapsedGroups();

  const save = (row: ServiceRow, patch: ServicePatch) => saveUnlessConflict(() => update.mutateAsync({ row, patch }));

  return (
    <GroupedCataloguePage
      texts={t}
      query={services}
      catalogueEmpty={(services.data?.categoryCount ?? 0) === 0}
      groupCount={services.data?.groups.length ?? 0}
      search={state.q}
      onSearch={(q) => setState({ q }, { replace: true })}
      refreshKey={catalogueKeys.servicesAll()}
    >
      {(services.data?.groups ?? []).map((group) => (
        <Group
          key={group.category.id}
          group={group}
          collapsed={collapsed.has(group.category.id)}
          onToggle={() => toggle(group.category.id)}
          save={save}
        />
      ))}
    </GroupedCataloguePage>
  );
}
