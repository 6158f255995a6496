// Per-group add form of the services screen: name, icon, commission (0–100, step 0.1). The
// database gives the new service order = max in the category + 1.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Field, Input } from '@/components/ui/form-controls.tsx';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { common } from '@/lib/messages/common.ts';
import { CATALOGUE_MAX, newServiceSchema, type NewServiceForm } from '@/features/catalogue/api/catalogue-rules.ts';
import { useCreateService } from '@/features/catalogue/api/service-create-mutation.ts';
import { useUnsavedChanges } from '@/components/ui/unsaved-changes.tsx';

const t = catalogue.services;
const EMPTY: NewServiceForm = { name: '', icon: '', commissionRate: '10' };

export function AddServiceForm({ categoryId, categoryName, onDone }: { categoryId: string; categoryName: string; onDone: () => void }) {
  const create = useCreateService();
  const form = useForm<NewServiceForm>({ resolver: zodResolver(newServiceSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ categoryId, form: values });
      form.reset(EMPTY);
      onDone();
    } catch {
      // The toast carries the message; the values stay for another try.
    }
  });

  return (
    <form
      noValidate
      aria-label={t.addTitle(categoryName)}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 border-t border-slate-200 bg-slate-50 p-3 md:grid-cols-4"
    >
      <Field label={t.nameLabel} error={errors.name?.message} required>
        {(control) => <Input {...control} {...form.register('name')} maxLength={CATALOGUE_MAX.serviceName} autoComplete="off" />}
      </Field>
      <Field label={t.iconLabel} error={errors.icon?.message} required>
        {(control) => <Input {...control} {...form.register('icon')} maxLength={CATALOGUE_MAX.serviceIcon} autoComplete="off" />}
      </Field>
      <Field label={t.commissionLabel} error={errors.commissionRate?.message} required>
        {(control) => (
          <Input {...control} {...form.register('commissionRate')} type="text" maxLength={6} inputMode="decimal" />
        )}
      </Field>
      <div className="flex items-end gap-2">
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? t.adding : t.addSubmit}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {common.actions.cancel}
        </Button>
      </div>
    </form>
  );
}
