// The ban of a customer or provider (docs/decisions.md#bans-hold): what a ban does, shown on the
// profile page, with "Cấm tài khoản" / "Bỏ cấm" behind a confirmation. The status change is the
// caller's `update` (the page's own profile update mutation); the database ends the sessions and
// refuses the banned user. Lifting a ban makes a customer active again and sends a provider back
// to approval ("Chờ duyệt"), so that no provider takes work without an admin's look.
import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { ledger } from '@/lib/messages/ledger.ts';

const t = ledger.ban;

export function unbanStatus(entity: 'customer' | 'provider'): string {
  return entity === 'provider' ? 'pending_approval' : 'active';
}

export interface BanCardProfile {
  id: string;
  name: string;
  status: string;
  updated_at: string;
}

export function BanCard({
  entity,
  profile,
  update,
}: {
  entity: 'customer' | 'provider';
  profile: BanCardProfile;
  update: (input: { id: string; patch: { status: string }; expectedUpdatedAt: string }) => Promise<unknown>;
}) {
  const { name, status } = profile;
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const banned = status === 'banned';
  const next = banned ? unbanStatus(entity) : 'banned';

  const apply = async () => {
    setPending(true);
    try {
      await update({ id: profile.id, patch: { status: next }, expectedUpdatedAt: profile.updated_at });
      toast.success(banned ? t.unbanned : t.banned);
      setConfirming(false);
    } catch {
      // The profile update reports its own failure in a toast.
      setConfirming(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby={`${entity}-ban-title`}
      data-testid="ban-card"
      className={banned ? 'rounded-lg border border-red-300 bg-red-50 p-4' : 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm'}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`${entity}-ban-title`} className={banned ? 'flex items-center gap-2 font-semibold text-red-800' : 'font-semibold text-slate-900'}>
            {banned ? <Ban className="size-4" aria-hidden="true" /> : null}
            {banned ? t.bannedTitle : t.title}
          </h2>
          <p className={banned ? 'mt-1 text-sm text-red-800' : 'mt-1 text-sm text-slate-600'}>{banned ? t.bannedEffect : t.activeEffect}</p>
        </div>
        <Button variant={banned ? 'secondary' : 'danger'} size="sm" onClick={() => setConfirming(true)}>
          {banned ? <ShieldCheck className="size-4" aria-hidden="true" /> : <Ban className="size-4" aria-hidden="true" />}
          {banned ? t.unban : t.ban}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={banned ? t.confirmUnbanTitle(name) : t.confirmBanTitle(name)}
        description={banned ? t.confirmUnban(statusLabel(entity, next)) : t.confirmBan}
        confirmLabel={banned ? t.unban : t.ban}
        destructive={!banned}
        pending={pending}
        onConfirm={() => void apply()}
      />
    </section>
  );
}
