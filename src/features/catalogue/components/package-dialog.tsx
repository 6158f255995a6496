// Add / edit dialog of a service package (Radix dialog, react-hook-form + zod): every field is
// required, the price is a whole number of VND above 0, Save stays disabled until the form is valid.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '@/components/ui/form-controls.tsx';
import { ConflictError } from '@/lib/errors/errors.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { common } from '@/lib/messages/common.ts';
import { CATALOGUE_MAX, packageSchema, toPackageValues, type PackageForm } from '@/features/catalogue/api/catalogue-rules.ts';
import type { PackageRow, ServiceRow } from '@/features/catalogue/api/catalogue-types.ts';
import { useUpdatePackage } from '@/features/catalogue/api/package-update-mutation.ts';
import { useCreatePackage } from '@/features/catalogue/api/package-create-mutation.ts';

const t = catalogue.packages;

export type PackageDialogState = { mode: 'create'; serviceId: string } | { mode: 'edit'; row: PackageRow } | null;

function initialValues(state: Exclude<PackageDialogState, null>): PackageForm {
  if (state.mode === 'create') {
    return { subcategoryId: state.serviceId, name: '', price: '', duration: '', description: '', jobDetails: '' };
  }
  const { row } = state;
  return {
    subcategoryId: row.subcategory_id,
    name: row.name,
    price: String(row.price),
    duration: row.duration,
    description: row.description,
    jobDetails: row.job_details,
  };
}

export function PackageDialog({
  state,
  services,
  onClose,
}: {
  state: Exclude<PackageDialogState, null>;
  services: readonly ServiceRow[];
  onClose: () => void;
}) {
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const form = useForm<PackageForm>({
    resolver: zodResolver(packageSchema),
    defaultValues: initialValues(state),
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    void form.trigger();
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (state.mode === 'create') await create.mutateAsync(toPackageValues(values));
      else await update.mutateAsync({ row: state.row, patch: toPackageValues(values) });
      onClose();
    } catch (error) {
      // A conflict reloads the list: close, the toast explains. Other errors keep the dialog open.
      if (error instanceof ConflictError) onClose();
    }
  });

  const anyError = Object.values(errors).some((error) => error !== undefined);
  const formId = state.mode === 'create' ? 'package-create-form' : 'package-edit-form';

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={state.mode === 'create' ? t.addTitle : t.editTitle}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {common.actions.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={!isValid} loading={pending}>
            {pending ? common.actions.saving : common.actions.save}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3 sm:grid-cols-2">
        {anyError && form.formState.isDirty ? (
          <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-900 sm:col-span-2">
            {t.allRequired}
          </p>
        ) : null}
        <Field label={t.serviceLabel} error={errors.subcategoryId?.message} required className="sm:col-span-2">
          {(control) => (
            <Select {...control} {...form.register('subcategoryId')} options={services.map((service) => ({ value: service.id, label: service.name }))} />
          )}
        </Field>
        <Field label={t.nameLabel} error={form.formState.dirtyFields.name ? errors.name?.message : undefined} required>
          {(control) => <Input {...control} {...form.register('name')} maxLength={CATALOGUE_MAX.packageName} autoComplete="off" />}
        </Field>
        <Field label={t.priceLabel} error={form.formState.dirtyFields.price ? errors.price?.message : undefined} required>
          {(control) => <Input {...control} {...form.register('price')} type="text" maxLength={13} inputMode="numeric" />}
        </Field>
        <Field label={t.durationLabel} error={form.formState.dirtyFields.duration ? errors.duration?.message : undefined} required className="sm:col-span-2">
          {(control) => <Input {...control} {...form.register('duration')} maxLength={CATALOGUE_MAX.duration} placeholder={t.durationPlaceholder} />}
        </Field>
        <Field label={t.descriptionLabel} error={form.formState.dirtyFields.description ? errors.description?.message : undefined} required className="sm:col-span-2">
          {(control) => <Textarea {...control} {...form.register('description')} maxLength={CATALOGUE_MAX.description} />}
        </Field>
        <Field label={t.jobDetailsLabel} error={form.formState.dirtyFields.jobDetails ? errors.jobDetails?.message : undefined} required className="sm:col-span-2">
          {(control) => <Textarea {...control} {...form.register('jobDetails')} maxLength={CATALOGUE_MAX.jobDetails} rows={4} />}
        </Field>
      </form>
    </Modal>
  );
}
