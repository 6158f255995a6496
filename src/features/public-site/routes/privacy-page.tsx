import { useSyncExternalStore } from 'react';
import { legalPage, privacyContact, privacyPolicy } from '@/lib/messages/public-legal.ts';
import { publicSite } from '@/lib/messages/public-site.ts';
import { pageBuiltAt, usePublicSettings } from '@/features/public-site/api/use-public-resource.ts';
import { LegalPage } from '@/features/public-site/components/legal-page.tsx';
import { formatLongDate } from '@/lib/format/format.ts';

const noSubscription = () => () => undefined;

/**
 * Today in Vietnam; while hydrating a prerendered page, the day it was built (what its HTML says),
 * so hydration matches and the text turns to today right after.
 */
function useLastUpdated(): string {
  const today = () => formatLongDate(new Date());
  const built = pageBuiltAt();
  return useSyncExternalStore(noSubscription, today, () => formatLongDate(built ? new Date(built) : new Date()));
}

function LastUpdated() {
  return (
    <p className="text-sm text-slate-600" data-testid="last-updated">
      {legalPage.lastUpdated(useLastUpdated())}
    </p>
  );
}

/** The privacy policy; its last section ("Liên hệ") gives the e-mail and phone of the settings, like the footer. */
export default function PrivacyPage() {
  const settings = usePublicSettings().data;
  const email = settings?.admin_email || publicSite.contactDefaults.email;
  const phone = settings?.contact_phone || publicSite.contactDefaults.phone;
  const last = privacyPolicy.sections.length - 1;
  const sections = privacyPolicy.sections.map((section, index) =>
    index === last ? { ...section, paragraphs: [privacyContact(email, phone)] } : section,
  );
  return <LegalPage title={privacyPolicy.title} heading={privacyPolicy.heading} intro={privacyPolicy.intro} sections={sections} lastUpdated={<LastUpdated />} />;
}
