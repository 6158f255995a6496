// /admin/two-factor (account menu → "Xác thực hai lớp", docs/screens.md#two-factor-authentication):
// the admin's authenticator apps (verified or not, with the date added), adding one (QR code,
// manual key, a code to verify) and removing one after a confirmation.
import { Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { InlineLoading, lazyPart } from '@/components/ui/lazy-part.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '@/components/ui/states.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { formatDateTime } from '@/lib/format/format.ts';
import { mfa } from '@/lib/messages/mfa.ts';
import { useFactors, type Factor } from '@/features/auth/api/mfa-factors-query.ts';
import { mfaErrorMessage } from '@/features/auth/api/mfa-errors.ts';
import { useUnenrollFactor } from '@/features/auth/api/mfa-unenroll-mutation.ts';

const t = mfa.page;

// The enrolment form (react-hook-form) is loaded when the admin starts adding an app (docs/architecture.md#lazy-parts).
const MfaEnrolForm = lazyPart(() => import('@/features/auth/components/mfa-enrol-form.tsx').then((module) => module.MfaEnrolForm), <InlineLoading />);

function factorName(factor: Factor): string {
  return factor.friendly_name && factor.friendly_name.trim() !== '' ? factor.friendly_name : t.unnamed;
}

function FactorItem({ factor, onRemove }: { factor: Factor; onRemove: (factor: Factor) => void }) {
  const verified = factor.status === 'verified';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <ShieldCheck className={verified ? 'size-5 text-emerald-700' : 'size-5 text-slate-400'} aria-hidden="true" />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{factorName(factor)}</p>
          <p className="text-xs text-slate-600">
            {verified ? t.verified : t.unverified} · {t.addedAt(formatDateTime(factor.created_at))}
          </p>
        </div>
      </div>
      <Button variant="secondary" size="sm" icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => onRemove(factor)}>
        {t.remove}
      </Button>
    </li>
  );
}

export default function TwoFactorPage() {
  const factors = useFactors();
  const unenroll = useUnenrollFactor();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);

  async function confirmRemove() {
    if (removing === null) return;
    try {
      await unenroll.mutateAsync(removing.id);
      toast.success(t.removed);
      setRemoving(null);
    } catch (error) {
      toast.error(mfaErrorMessage(error));
    }
  }

  return (
    <div className="max-w-2xl space-y-4">
      <PageHeader title={t.title} description={t.description} />
      <section aria-labelledby="mfa-factors" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="mfa-factors" className="text-base font-semibold text-slate-900">
          {t.factorsTitle}
        </h2>
        {factors.isPending ? (
          <LoadingState />
        ) : factors.error ? (
          <ErrorState title={t.loadFailed} message={mfaErrorMessage(factors.error)} onRetry={() => void factors.refetch()} />
        ) : factors.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t.noFactor}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {factors.data.map((factor) => (
              <FactorItem key={factor.id} factor={factor} onRemove={setRemoving} />
            ))}
          </ul>
        )}
        <div className="mt-4 border-t border-slate-200 pt-4">
          {adding ? (
            <MfaEnrolForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
          ) : (
            <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setAdding(true)}>
              {t.add}
            </Button>
          )}
        </div>
      </section>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing ? t.removeTitle(factorName(removing)) : ''}
        description={t.removeDescription}
        confirmLabel={unenroll.isPending ? t.removing : t.remove}
        destructive
        pending={unenroll.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </div>
  );
}
