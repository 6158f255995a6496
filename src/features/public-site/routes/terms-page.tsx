import { termsOfUse } from '@/lib/messages/public-legal.ts';
import { LegalPage } from '@/features/public-site/components/legal-page.tsx';

export default function TermsPage() {
  return <LegalPage title={termsOfUse.title} heading={termsOfUse.heading} intro={termsOfUse.intro} sections={termsOfUse.sections} />;
}
