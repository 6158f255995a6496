// The header card of a customer's or a provider's profile: the avatar (or the initial of the given
// name, which comes last in Vietnamese names), the kind of profile, the name, the e-mail and the
// status.
import type { ReactNode } from 'react';
import { profiles as t } from '@/lib/messages/profiles.ts';
import { DetailStates, type DetailQuery } from '@/components/ui/detail-states.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';

const INITIAL_TONE = { customer: 'bg-sky-100 text-sky-800', provider: 'bg-teal-100 text-teal-800' } as const;

type ProfileEntity = 'customer' | 'provider';
interface HeaderProfile {
  name: string;
  email: string | null;
  avatar_url: string | null;
  status: string;
}

export function ProfileHeader({
  entity,
  kind,
  profile,
}: {
  entity: ProfileEntity;
  /** "Hồ sơ khách hàng" / "Hồ sơ nhà cung cấp". */
  kind: string;
  profile: HeaderProfile;
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
        <p className="text-lg font-semibold wrap-anywhere text-slate-900">{profile.name}</p>
        <p className="text-sm wrap-anywhere text-slate-600">{profile.email ?? '—'}</p>
      </div>
      <StatusBadge entity={entity} status={profile.status} className="ml-auto" />
    </div>
  );
}

/**
 * The frame of a customer's or a provider's detail screen: the page title (the name once loaded),
 * the back link to the list, the loading / error / not-found states, then the header card and the
 * screen's own cards.
 */
export function ProfileDetail<Profile extends HeaderProfile>({
  entity,
  query,
  listPath,
  texts,
  children,
}: {
  entity: ProfileEntity;
  query: DetailQuery<Profile>;
  listPath: string;
  texts: { back: string; subtitle: string; loadFailed: string; notFound: string };
  children: (profile: Profile) => ReactNode;
}) {
  const back = { to: listPath, label: texts.back };
  return (
    <div>
      <PageHeader title={query.data?.name ?? texts.subtitle} back={back} />
      <DetailStates query={query} loadFailed={texts.loadFailed} notFound={texts.notFound} back={back}>
        {(profile) => (
          <div className="space-y-4">
            <ProfileHeader entity={entity} kind={texts.subtitle} profile={profile} />
            {children(profile)}
          </div>
        )}
      </DetailStates>
    </div>
  );
}
