// The "Thêm ngành nghề" dialog: name (required) and icon, react-hook-form + zod; the database puts
// the new profession last (order max + 1). Loaded when the admin first opens it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { Field, Input } from '@/components/ui/form-controls.tsx';
import { common } from '@/lib/messages/common.ts';
import { professions as t } from '@/lib/messages/professions.ts';
import { useCreateProfession } from '@/features/catalogue/api/profession-create-mutation.ts';
import { PROFESSION_ICON_MAX, PROFESSION_NAME_MAX, professionCreateSchema, type ProfessionCreateInput } from '@/features/catalogue/api/professions-rules.ts';

const FORM_ID = 'profession-create-form';

export function ProfessionCreateModal({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateProfession();
  const form = useForm<ProfessionCreateInput>({
    resolver: zodResolver(professionCreateSchema),
    defaultValues: { name: '', icon: '' },
    mode: 'onChange',
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      form.reset();
      setOpen(false);
    } catch {
      // The toast already says why; the dialog stays open with the values.
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!create.isPending) {
          setOpen(next);
          if (!next) form.reset();
        }
      }}
      title={t.create.title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={create.isPending}>
            {common.actions.cancel}
          </Button>
          <Button type="submit" form={FORM_ID} loading={create.isPending} disabled={!form.formState.isValid}>
            {create.isPending ? t.create.submitting : t.create.submit}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <Field label={t.create.name} error={form.formState.errors.name?.message} required>
          {(control) => <Input {...control} {...form.register('name')} maxLength={PROFESSION_NAME_MAX} autoComplete="off" />}
        </Field>
        <Field label={t.create.icon} error={form.formState.errors.icon?.message}>
          {(control) => (
            <Input {...control} {...form.register('icon')} maxLength={PROFESSION_ICON_MAX} placeholder={t.create.iconPlaceholder} autoComplete="off" />
          )}
        </Field>
      </form>
    </Modal>
  );
}
