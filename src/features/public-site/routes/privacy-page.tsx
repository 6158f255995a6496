import { privacyPolicy } from '@/lib/messages/public-legal.ts';
import { LegalPage } from '@/features/public-site/components/legal-page.tsx';

export default function PrivacyPage() {
  return (
    <LegalPage
      title={privacyPolicy.title}
      heading={privacyPolicy.heading}
      intro={privacyPolicy.intro}
      sections={privacyPolicy.sections}
      showLastUpdated
    />
  );
}
