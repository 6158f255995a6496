// /admin/manage-service-items: packages grouped by service (collapsible), server-side search over
// name / description / job details / duration / service, refresh and retry, add and edit dialogs,
// inline order, visibility switch, and the delete of a package nothing uses (hide offered instead
// when bookings used it: docs/product.md#catalogue-deletion).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteUnusedButton } from '@/components/domain/delete-unused-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogLoading, lazyPart } from '@/components/ui/lazy-part.tsx';
import { PencilMark } from '@/components/ui/pencil-mark.tsx';
import { EmptyState } from '@/components/ui/states.tsx';
import { saveUnlessConflict } from '@/lib/errors/errors.ts';
import { formatVnd } from '@/lib/format/format.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { common } from '@/lib/messages/common.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { CATALOGUE_URL_DEFAULTS } from '@/features/catalogue/api/catalogue-url.ts';
import { catalogueKeys } from '@/features/catalogue/api/keys.ts';
import type { PackageRow, ServiceGroup } from '@/features/catalogue/api/catalogue-types.ts';
import { useUpdatePackage, type PackagePatch } from '@/features/catalogue/api/package-update-mutation.ts';
import { usePackages } from '@/features/catalogue/api/packages-query.ts';
import { CatalogueTable } from '@/features/catalogue/components/catalogue-table.tsx';
import { CollapsibleGroup, useCollapsedGroups } from '@/features/catalogue/components/collapsible-group.tsx';
import { GroupedCataloguePage } from '@/features/catalogue/components/grouped-catalogue-page.tsx';
import type { PackageDialogState } from '@/features/catalogue/components/package-dialog.tsx';
import { OrderVisibilityCells } from '@/features/catalogue/components/order-visibility-cells.tsx';

const t = catalogue.packages;
const HEADERS = [
  t.columns.index,
  t.columns.name,
  t.columns.price,
  t.columns.duration,
  t.columns.description,
  t.columns.jobDetails,
  t.columns.order,
  t.columns.visible,
  t.columns.actions,
];

function Group({
  group,
  collapsed,
  onToggle,
  onAdd,
  onEdit,
  save,
}: {
  group: ServiceGroup;
  collapsed: boolean;
  onToggle: () => void;
  onAdd: () => void;
  onEdit: (row: PackageRow) => void;
  save: (row: PackageRow, patch: PackagePatch) => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const bodyId = `service-${group.service.id}`;
  const name = group.service.name;
  return (
    <CollapsibleGroup
      id={bodyId}
      name={name}
      detail={`${group.categoryName} · ${t.countInGroup(group.packages.length)}`}
      collapsed={collapsed}
      onToggle={onToggle}
      texts={t}
      onAdd={onAdd}
    >
      {group.packages.length === 0 ? (
        <EmptyState title={t.emptyGroup} />
      ) : (
        <CatalogueTable
          headers={HEADERS}
          rows={group.packages}
          cells={(row) => (
            <>
              <td className="px-3 py-2 font-medium">{row.name}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatVnd(row.price)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.duration}</td>
              <td className="max-w-xs px-3 py-2 whitespace-pre-line">{row.description}</td>
              <td className="max-w-xs px-3 py-2 whitespace-pre-line">{row.job_details}</td>
              <OrderVisibilityCells row={row} texts={t} save={(patch) => save(row, patch)} />
              <td className="px-3 py-2 whitespace-nowrap">
                <Button size="sm" variant="ghost" icon={<PencilMark className="size-4" />} onClick={() => onEdit(row)} aria-label={t.editPackage(row.name)}>
                  {common.actions.edit}
                </Button>
                <DeleteUnusedButton
                  kind="package"
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
      )}
    </CollapsibleGroup>
  );
}

// The add / edit form (react-hook-form) is loaded when first opened (docs/architecture.md#lazy-parts).
const PackageDialog = lazyPart(() => import('@/features/catalogue/components/package-dialog.tsx').then((module) => module.PackageDialog), <DialogLoading />);

export default function PackagesPage() {
  const [state, setState] = useUrlState(CATALOGUE_URL_DEFAULTS);
  const packages = usePackages(state.q);
  const update = useUpdatePackage();
  const [collapsed, toggle] = useCollapsedGroups();
  const [dialog, setDialog] = useState<PackageDialogState>(null);
  const groups = packages.data?.groups ?? [];

  const save = (row: PackageRow, patch: PackagePatch) => saveUnlessConflict(() => update.mutateAsync({ row, patch }));

  return (
    <GroupedCataloguePage
      texts={t}
      query={packages}
      catalogueEmpty={(packages.data?.services.length ?? 0) === 0}
      groupCount={packages.data?.groups.length ?? 0}
      search={state.q}
      onSearch={(q) => setState({ q }, { replace: true })}
      refreshKey={catalogueKeys.packagesAll()}
      dialog={
        dialog ? (
          <PackageDialog
            key={dialog.mode === 'edit' ? dialog.row.id : `new-${dialog.serviceId}`}
            state={dialog}
            services={packages.data?.services ?? []}
            onClose={() => setDialog(null)}
          />
        ) : null
      }
    >
      {groups.map((group) => (
        <Group
          key={group.service.id}
          group={group}
          collapsed={collapsed.has(group.service.id)}
          onToggle={() => toggle(group.service.id)}
          onAdd={() => setDialog({ mode: 'create', serviceId: group.service.id })}
          onEdit={(row) => setDialog({ mode: 'edit', row })}
          save={save}
        />
      ))}
    </GroupedCataloguePage>
  );
}
