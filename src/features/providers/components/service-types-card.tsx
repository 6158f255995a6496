// A provider's service types with an edit mode: add one from the services not yet added, remove
// one. A duplicate is refused with the catalogue's alert 'Loại dịch vụ này đã được thêm!'.
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState, LoadingState } from '@/components/ui/states.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { EditToggleButton, SectionCard } from '@/components/ui/section-card.tsx';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { DuplicateServiceTypeError, useAddServiceType } from '@/features/providers/api/provider-service-type-add-mutation.ts';
import { useProviderServiceTypes } from '@/features/providers/api/provider-service-types-query.ts';
import { useRemoveServiceType } from '@/features/providers/api/provider-service-type-remove-mutation.ts';
import { useSubcategories } from '@/features/providers/api/subcategories-query.ts';

export function ServiceTypesCard({ providerId }: { providerId: string }) {
  const selectId = useId();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const types = useProviderServiceTypes(providerId);
  const subcategories = useSubcategories();
  const add = useAddServiceType(providerId);
  const remove = useRemoveServiceType(providerId);

  const current = types.data ?? [];
  const byId = new Map((subcategories.data ?? []).map((s) => [s.id, s]));
  const available = (subcategories.data ?? []).filter((s) => !current.includes(s.id));

  async function onAdd() {
    if (choice === '') return;
    setAlert(null);
    try {
      await add.mutateAsync({ providerId, subcategoryId: choice, current });
      setChoice('');
      toast.success(t.detail.serviceTypes.added);
    } catch (error) {
      const message = error instanceof DuplicateServiceTypeError ? t.detail.serviceTypes.duplicate : `${t.detail.serviceTypes.addFailed}: ${toVietnameseMessage(error, { action: 'save' })}`;
      setAlert(message);
      toast.error(message);
    }
  }

  async function onRemove(subcategoryId: string) {
    setAlert(null);
    try {
      await remove.mutateAsync({ providerId, subcategoryId });
      toast.success(t.detail.serviceTypes.removed);
    } catch (error) {
      const message = `${t.detail.serviceTypes.removeFailed}: ${toVietnameseMessage(error, { action: 'save' })}`;
      setAlert(message);
      toast.error(message);
    }
  }

  return (
    <SectionCard
      titleId="service-types-title"
      title={t.detail.serviceTypes.title}
      action={
        <EditToggleButton
          editing={editing}
          texts={t.detail.serviceTypes}
          onToggle={() => {
            setEditing(!editing);
            setAlert(null);
          }}
        />
      }
    >
      {types.isLoading || subcategories.isLoading ? (
        <LoadingState />
      ) : types.isError || subcategories.isError ? (
        <ErrorState
          title={t.detail.serviceTypes.loadFailed}
          error={types.error ?? subcategories.error}
          onRetry={() => {
            void types.refetch();
            void subcategories.refetch();
          }}
        />
      ) : (
        <>
          {current.length === 0 ? (
            <p className="text-sm text-slate-600">{t.detail.serviceTypes.empty}</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={t.detail.serviceTypes.title}>
              {current.map((id) => {
                const sub = byId.get(id);
                const name = sub?.name ?? id;
                return (
                  <li key={id} className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-1 pr-1 pl-3 text-sm text-teal-900 ring-1 ring-teal-200">
                    <span>
                      {name}
                      {sub?.categoryName ? <span className="ml-1 text-xs text-teal-700">· {sub.categoryName}</span> : null}
                      {sub && !sub.active ? <span className="ml-1 text-xs text-slate-500">({t.detail.serviceTypes.inactive})</span> : null}
                    </span>
                    {editing ? (
                      <button
                        type="button"
                        onClick={() => void onRemove(id)}
                        disabled={remove.isPending}
                        aria-label={t.detail.serviceTypes.remove(name)}
                        title={t.detail.serviceTypes.remove(name)}
                        className="inline-flex size-6 items-center justify-center rounded-full text-teal-800 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-40"
                      >
                        <X className="size-3.5" aria-hidden="true" />
                      </button>
                    ) : (
                      <span className="w-2" />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {editing ? (
            <div className="mt-4 flex flex-wrap items-end gap-2">
              <div className="min-w-56 flex-1">
                <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-slate-600">
                  {t.detail.serviceTypes.addLabel}
                </label>
                <select
                  id={selectId}
                  value={choice}
                  onChange={(event) => setChoice(event.target.value)}
                  className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-teal-600"
                >
                  <option value="">{available.length === 0 ? t.detail.serviceTypes.noneLeft : t.detail.serviceTypes.choose}</option>
                  {available.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.categoryName ? `${s.categoryName} › ${s.name}` : s.name}
                    </option>
                  ))}
                </select>
              </div>
              <Button onClick={() => void onAdd()} disabled={choice === ''} loading={add.isPending} icon={<Plus className="size-4" aria-hidden="true" />}>
                {t.detail.serviceTypes.add}
              </Button>
            </div>
          ) : null}
          {alert ? (
            <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {alert}
            </p>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
