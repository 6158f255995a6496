// Applicable services of a promotion code: active services grouped by category, a switch per
// service, and select all / deselect all (one request each).
import { Button } from '@/components/ui/button.tsx';
import { ErrorState, LoadingState, EmptyState } from '@/components/ui/states.tsx';
import { common } from '@/lib/messages/common.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { useSetAllServices } from '@/features/promotions/api/promotion-services-set-mutation.ts';
import { useToggleService } from '@/features/promotions/api/promotion-service-toggle-mutation.ts';
import { useActiveCatalogue } from '@/features/promotions/api/active-catalogue-query.ts';
import { usePromotionServices } from '@/features/promotions/api/promotion-services-query.ts';

export function ApplicableServices({ codeId }: { codeId: string }) {
  const catalogue = useActiveCatalogue();
  const selected = usePromotionServices(codeId);
  const toggle = useToggleService(codeId);
  const setAll = useSetAllServices(codeId);
  const selectedIds = new Set(selected.data ?? []);
  const totalServices = (catalogue.data ?? []).reduce((sum, group) => sum + group.services.length, 0);
  const selectedActive = (catalogue.data ?? []).reduce(
    (sum, group) => sum + group.services.filter((service) => selectedIds.has(service.id)).length,
    0,
  );
  // A change waits for the previous one and its reload (each mutation stays pending until the list
  // is read again); a background reload (a live update of the codes) leaves the switches usable.
  const busy = toggle.isPending || setAll.isPending;

  let body;
  if (catalogue.isPending || selected.isPending) body = <LoadingState />;
  else if (catalogue.error || selected.error)
    body = (
      <ErrorState
        title={t.detail.servicesLoadFailed}
        error={catalogue.error ?? selected.error}
        onRetry={() => {
          void catalogue.refetch();
          void selected.refetch();
        }}
      />
    );
  else if (totalServices === 0) body = <EmptyState title={t.detail.noServices} />;
  else
    body = (
      <div className="space-y-4">
        {(catalogue.data ?? []).map((group) => (
          <fieldset key={group.id} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{group.name}</legend>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {group.services.map((service) => {
                const on = selectedIds.has(service.id);
                return (
                  <li key={service.id}>
                    <label className="flex cursor-pointer items-center justify-between gap-2 rounded border border-slate-200 px-3 py-2 hover:bg-slate-50">
                      <span className="text-sm text-slate-800">{service.name}</span>
                      <input
                        type="checkbox"
                        role="switch"
                        aria-label={t.detail.toggleService(service.name)}
                        checked={on}
                        disabled={busy}
                        onChange={(event) => toggle.mutate({ serviceId: service.id, applies: event.target.checked })}
                        className="size-4 accent-teal-700"
                      />
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
    );

  return (
    <section aria-labelledby="applicable-services-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="applicable-services-title" className="text-lg font-semibold text-slate-900">
            {t.detail.services}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t.detail.servicesHint} {t.detail.servicesSelected(selectedActive, totalServices)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={busy || totalServices === 0} onClick={() => setAll.mutate(true)}>
            {common.actions.selectAll}
          </Button>
          <Button variant="secondary" size="sm" disabled={busy || selectedIds.size === 0} onClick={() => setAll.mutate(false)}>
            {common.actions.deselectAll}
          </Button>
        </div>
      </div>
      {body}
    </section>
  );
}
