// The header card of a customer's or a provider's profile: the avatar (or the initial of the given
// name, which comes last in Vietnamese names), the kind of profile, the name, the e-mail and the
// status.
import { profiles as t } from '@/lib/messages/profiles.ts';
import { StatusBadge } from '@/components/ui/status-badge.tsx';

const INITIAL_TONE = { customer: 'bg-sky-100 text-sky-800', provider: 'bg-teal-100 text-teal-800' } as const;

export function ProfileHeader({
  entity,
  kind,
  profile,
}: {
  entity: 'customer' | 'provider';
  /** "Hồ sơ khách hàng" / "Hồ sơ nhà cung cấp". */
  kind: string;
  profile: { name: string; email: string | null; avatar_url: string | null; status: string };
}) {
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {profile.avatar_url ? (
        <img src={profile.avatar_url} alt={t.avatarAlt(profile.name)} className="size-16 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className={`inline-flex size-16 items-center justify-center rounded-full text-xl font-semibold ${INITIAL_TONE[entity]}`}>
          {profile.name.trim().split(/\s+/).at(-1)?.[0]?.toUpperCase() ?? '?'}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm text-slate-500">{kind}</p>
        <p className="text-lg font-semibold text-slate-900">{profile.name}</p>
        <p className="text-sm text-slate-600">{profile.email ?? '—'}</p>
      </div>
      <StatusBadge entity={entity} status={profile.status} className="ml-auto" />
    </div>
  );
}
