// /admin/settings: contact, website and business sections (react-hook-form + zod), banners, a save
// button whose label changes while saving and a reset button that reloads; both disabled while
// saving; the maintenance notice when maintenance mode is on.
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, RotateCcw, Save } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Field, Input, inputClassName, Textarea } from '@/components/ui/form-controls.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '@/components/ui/states.tsx';
import { ConflictError } from '@/lib/errors/errors.ts';
import { formatDate, todayInVietnamIso } from '@/lib/format/format.ts';
import { settings as t } from '@/lib/messages/settings.ts';
import { useSaveSettings } from '@/features/settings/api/settings-update-mutation.ts';
import { settingsLoadError } from '@/features/settings/api/settings-errors.ts';
import { useSettings, type SettingsRow } from '@/features/settings/api/settings-query.ts';
import { SETTINGS_MAX, settingsSchema, STORE_URL_MAX, toSettingsForm, type SettingsForm } from '@/features/settings/api/settings-rules.ts';
import { BannerCard } from '@/features/settings/components/banner-card.tsx';
import { useUnsavedChanges } from '@/components/ui/unsaved-changes.tsx';
import { InlineLoading, lazyPart } from '@/components/ui/lazy-part.tsx';

// The "Bảo mật" section (the admins' second factor: its own reads, the enrolment state) sits below the
// form: its code arrives after the screen's own (docs/architecture.md#lazy-parts).
// The policy date is typed or picked as dd/mm/yyyy whatever the browser's language
// (components/ui/date-field.tsx), loaded after the first paint; the date shows read-only meanwhile.
const LazyDateField = lazy(() => import('@/components/ui/date-field.tsx').then((module) => ({ default: module.DateField })));

const AdminMfaSettingSection = lazyPart(
  async () => (await import('@/features/settings/components/admin-mfa-setting.tsx')).AdminMfaSettingSection,
  <InlineLoading />,
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function SettingsEditor({ row, reload, reloading }: { row: SettingsRow; reload: () => Promise<SettingsRow | undefined>; reloading: boolean }) {
  const save = useSaveSettings();
  const [baseUpdatedAt, setBaseUpdatedAt] = useState(row.updated_at);
  const form = useForm<SettingsForm>({ resolver: zodResolver(settingsSchema), defaultValues: toSettingsForm(row) });
  const privacyDay = useWatch({ control: form.control, name: 'privacyPolicyUpdatedOn' });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const saving = save.isPending;

  async function onReset() {
    const fresh = await reload();
    if (fresh) {
      form.reset(toSettingsForm(fresh));
      setBaseUpdatedAt(fresh.updated_at);
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ form: values, baseUpdatedAt });
      setBaseUpdatedAt(saved.updated_at);
      form.reset(toSettingsForm(saved));
    } catch (error) {
      // The toast says why. After a conflict (another admin saved first) the form shows their
      // version; otherwise it keeps the admin's values.
      if (error instanceof ConflictError) await onReset();
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {row.maintenance_mode ? (
        <div role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{t.maintenanceNotice}</p>
        </div>
      ) : null}

      <Section title={t.sections.contact}>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t.fields.adminEmail} error={errors.adminEmail?.message} required>
            {(control) => <Input {...control} {...form.register('adminEmail')} type="email" maxLength={SETTINGS_MAX.adminEmail} autoComplete="email" />}
          </Field>
          <Field label={t.fields.contactPhone} error={errors.contactPhone?.message}>
            {(control) => <Input {...control} {...form.register('contactPhone')} type="tel" maxLength={SETTINGS_MAX.contactPhone} autoComplete="tel" />}
          </Field>
          <Field label={t.fields.contactAddress} error={errors.contactAddress?.message} className="md:col-span-2">
            {(control) => <Input {...control} {...form.register('contactAddress')} maxLength={SETTINGS_MAX.contactAddress} autoComplete="street-address" />}
          </Field>
        </div>
      </Section>

      <Section title={t.sections.website}>
        <div className="grid gap-3">
          <Field label={t.fields.siteName} error={errors.siteName?.message} required>
            {(control) => <Input {...control} {...form.register('siteName')} maxLength={SETTINGS_MAX.siteName} />}
          </Field>
          <Field label={t.fields.siteDescription} error={errors.siteDescription?.message}>
            {(control) => <Textarea {...control} {...form.register('siteDescription')} maxLength={SETTINGS_MAX.siteDescription} />}
          </Field>
          <Field
            label={t.fields.privacyPolicyUpdatedOn}
            error={errors.privacyPolicyUpdatedOn?.message}
            hint={t.fields.privacyPolicyUpdatedOnHint}
            required
            className="sm:max-w-xs"
          >
            {(control) => (
              <Suspense
                fallback={<Input {...control} readOnly value={/^\d{4}-\d{2}-\d{2}$/.test(privacyDay) ? formatDate(`${privacyDay}T12:00:00Z`) : privacyDay} />}
              >
                <LazyDateField
                  {...control}
                  label={t.fields.privacyPolicyUpdatedOn}
                  name="privacyPolicyUpdatedOn"
                  value={privacyDay}
                  min="2000-01-01"
                  max={todayInVietnamIso()}
                  onChange={(value) => form.setValue('privacyPolicyUpdatedOn', value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
                  inputClassName={inputClassName(control['aria-invalid'])}
                />
              </Suspense>
            )}
          </Field>
        </div>
      </Section>

      <Section title={t.sections.business}>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t.fields.commissionRate} error={errors.commissionRate?.message} hint={t.fields.commissionHint} required>
            {(control) => <Input {...control} {...form.register('commissionRate')} type="text" maxLength={6} inputMode="decimal" />}
          </Field>
          <Field label={t.fields.minDeposit} error={errors.minDepositAmount?.message} hint={t.fields.minDepositHint} required>
            {(control) => <Input {...control} {...form.register('minDepositAmount')} type="text" maxLength={13} inputMode="numeric" />}
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800 md:col-span-2">
            <input type="checkbox" role="switch" {...form.register('maintenanceMode')} className="size-4 accent-teal-700" />
            {t.fields.maintenanceMode}
          </label>
        </div>
      </Section>

      <Section title={t.stores.section}>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t.stores.appStoreUrl} error={errors.appStoreUrl?.message} hint={t.stores.hint}>
            {(control) => <Input {...control} {...form.register('appStoreUrl')} type="url" inputMode="url" maxLength={STORE_URL_MAX} placeholder="https://apps.apple.com/…" />}
          </Field>
          <Field label={t.stores.googlePlayUrl} error={errors.googlePlayUrl?.message} hint={t.stores.hint}>
            {(control) => <Input {...control} {...form.register('googlePlayUrl')} type="url" inputMode="url" maxLength={STORE_URL_MAX} placeholder="https://play.google.com/…" />}
          </Field>
        </div>
      </Section>

      <Section title={t.sections.banners}>
        <div className="grid gap-4 lg:grid-cols-2">
          <BannerCard kind="featured" url={row.featured_banner_url} disabled={saving} onChanged={setBaseUpdatedAt} />
          <BannerCard kind="voucher" url={row.voucher_banner_url} disabled={saving} onChanged={setBaseUpdatedAt} />
        </div>
      </Section>

      <AdminMfaSettingSection disabled={saving} onChanged={setBaseUpdatedAt} />

      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-white/95 py-3">
        <Button
          variant="secondary"
          disabled={saving || reloading}
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
          onClick={() => void onReset()}
        >
          {t.reset}
        </Button>
        <Button type="submit" disabled={saving || reloading} loading={saving} icon={<Save className="size-4" aria-hidden="true" />}>
          {saving ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}

export default function SettingsPage() {
  const settings = useSettings();
  return (
    <div>
      <PageHeader title={t.title} description={t.description} />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.error && !settings.data ? (
        <ErrorState title={t.loadFailed} message={settingsLoadError(settings.error)} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <SettingsEditor
          row={settings.data}
          reloading={settings.isFetching}
          reload={async () => (await settings.refetch()).data}
        />
      ) : null}
    </div>
  );
}
