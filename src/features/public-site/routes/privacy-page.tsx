import { legalPage, privacyContact, privacyPolicy } from '@/lib/messages/public-legal.ts';
import { publicSite } from '@/lib/messages/public-site.ts';
import { usePublicSettings } from '@/features/public-site/api/use-public-resource.ts';
import { LegalPage } from '@/features/public-site/components/legal-page.tsx';
import { formatLongDate, isIsoDay } from '@/lib/format/format.ts';

/**
 * "Cập nhật lần cuối": the day the policy's text last changed, a setting the admin keeps
 * (settings.privacy_policy_updated_on, docs/screens.md#privacy-terms-and-contact), read with the
 * other public settings (built into the page, then refreshed); nothing while no day is known.
 */
function LastUpdated({ day }: { day: string | null | undefined }) {
  if (!day || !isIsoDay(day)) return null;
  // Noon UTC of that day is the same day in Vietnam (UTC+7).
  return (
    <p className="text-sm text-slate-600" data-testid="last-updated">
      {legalPage.lastUpdated(formatLongDate(new Date(`${day}T12:00:00Z`)))}
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
  return <LegalPage title={privacyPolicy.title} heading={privacyPolicy.heading} intro={privacyPolicy.intro} sections={sections} lastUpdated={<LastUpdated day={settings?.privacy_policy_updated_on} />} />;
}
