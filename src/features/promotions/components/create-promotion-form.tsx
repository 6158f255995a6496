// Add form of the promotion codes screen (docs/screens.md#promotion-codes): code, type, value (step 0.1 for a
// percentage, 1000 for a fixed amount), max uses, expiry date and time (Vietnam time, typed or picked as
// dd/mm/yyyy hh:mm: components/ui/date-field.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { DateField } from '@/components/ui/date-field.tsx';
import { Field, Input, Select, inputClassName } from '@/components/ui/form-controls.tsx';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { useCreatePromotion } from '@/features/promotions/api/promotion-create-mutation.ts';
import { CODE_INPUT_MAX, createPromotionSchema, type CreatePromotionForm } from '@/features/promotions/api/promotion-rules.ts';
import { useUnsavedChanges } from '@/components/ui/unsaved-changes.tsx';

const EMPTY: CreatePromotionForm = { code: '', discountType: 'percentage', discountValue: '', maxUses: '', expiresAt: '' };

export function CreatePromotionFormCard() {
  const create = useCreatePromotion();
  const form = useForm<CreatePromotionForm>({ resolver: zodResolver(createPromotionSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const type = useWatch({ control: form.control, name: 'discountType' });
  const expiresAt = useWatch({ control: form.control, name: 'expiresAt' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      form.reset(EMPTY);
    } catch {
      // The mutation already shows the Vietnamese message in a toast; the form keeps the values.
    }
  });

  return (
    <section aria-labelledby="create-promotion-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="create-promotion-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t.form.title}
      </h2>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Field label={t.form.code} error={errors.code?.message} required>
          {(control) => <Input {...control} {...form.register('code')} maxLength={CODE_INPUT_MAX} placeholder={t.form.codePlaceholder} autoComplete="off" />}
        </Field>
        <Field label={t.form.type} error={errors.discountType?.message} required>
          {(control) => (
            <Select
              {...control}
              {...form.register('discountType')}
              options={[
                { value: 'percentage', label: t.type.percentage },
                { value: 'fixed_amount', label: t.type.fixed_amount },
              ]}
            />
          )}
        </Field>
        <Field
          label={t.form.value}
          error={errors.discountValue?.message}
          hint={type === 'percentage' ? t.form.valueHintPercentage : t.form.valueHintFixed}
          required
        >
          {(control) => (
            <Input {...control} {...form.register('discountValue')} type="text" maxLength={13} inputMode="decimal" />
          )}
        </Field>
        <Field label={t.form.maxUses} error={errors.maxUses?.message} required>
          {(control) => <Input {...control} {...form.register('maxUses')} type="text" maxLength={9} inputMode="numeric" />}
        </Field>
        <Field label={t.form.expiresAt} error={errors.expiresAt?.message} required>
          {(control) => (
            <DateField
              {...control}
              label={t.form.expiresAt}
              withTime
              defaultTime="23:59"
              name="expiresAt"
              value={expiresAt}
              onChange={(value) => form.setValue('expiresAt', value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
              inputClassName={inputClassName(control['aria-invalid'])}
            />
          )}
        </Field>
        <div className="flex items-end">
          <Button type="submit" loading={create.isPending} icon={<Plus className="size-4" aria-hidden="true" />} className="w-full">
            {create.isPending ? t.form.submitting : t.form.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
