import { privacyContact, privacyPolicy } from '@/lib/messages/public-legal.ts';
import { publicSite } from '@/lib/messages/public-site.ts';
import { usePublicSettings } from '@/features/public-site/api/use-public-resource.ts';
import { LegalPage } from '@/features/public-site/components/legal-page.tsx';

/** The privacy policy; its last section ("Liên hệ") gives the e-mail and phone of the settings, like the footer. */
export default function PrivacyPage() {
  const settings = usePublicSettings().data;
  const email = settings?.admin_email || publicSite.contactDefaults.email;
  const phone = settings?.contact_phone || publicSite.contactDefaults.phone;
  const last = privacyPolicy.sections.length - 1;
  const sections = privacyPolicy.sections.map((section, index) =>
    index === last ? { ...section, paragraphs: [privacyContact(email, phone)] } : section,
  );
  return <LegalPage title={privacyPolicy.title} heading={privacyPolicy.heading} intro={privacyPolicy.intro} sections={sections} showLastUpdated />;
}
