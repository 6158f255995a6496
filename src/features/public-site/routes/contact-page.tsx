// /contact: cards for email, phone, address and working hours, from the public settings row
// (admin email, contact phone, contact address) with the catalogue's defaults as fallback.
import type { ReactNode } from 'react';
import { publicContact } from '@/lib/messages/public-contact.ts';
import { publicSite } from '@/lib/messages/public-site.ts';
import { usePublicSettings } from '@/features/public-site/api/use-public-resource.ts';
import { StoreBadges } from '@/features/public-site/components/store-badges.tsx';

const t = publicContact;

function ContactCard({ title, icon, children, note }: { title: string; icon: ReactNode; children: ReactNode; note: string }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-6 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-800">{icon}</span>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="text-slate-800">{children}</div>
      <p className="text-sm text-slate-600">{note}</p>
    </li>
  );
}

const iconProps = { viewBox: '0 0 24 24', className: 'size-6', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const;

export default function ContactPage() {
  const settings = usePublicSettings().data;
  const email = settings?.admin_email || publicSite.contactDefaults.email;
  const phone = settings?.contact_phone || publicSite.contactDefaults.phone;
  const address = settings?.contact_address || publicSite.contactDefaults.address;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-2xl space-y-3">
        <h1 className="text-3xl font-bold text-slate-900">{t.heading}</h1>
        <p className="text-slate-700">{t.intro}</p>
      </header>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <ContactCard
          title={t.emailTitle}
          note={t.emailNote}
          icon={
            <svg {...iconProps}>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" />
            </svg>
          }
        >
          <a href={`mailto:${email}`} className="font-medium break-all text-teal-800 hover:underline" data-testid="contact-email">
            {email}
          </a>
        </ContactCard>
        <ContactCard
          title={t.phoneTitle}
          note={t.phoneNote}
          icon={
            <svg {...iconProps}>
              <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" strokeLinejoin="round" />
            </svg>
          }
        >
          <a href={`tel:${phone.replace(/\s+/g, '')}`} className="font-medium text-teal-800 hover:underline" data-testid="contact-phone">
            {phone}
          </a>
        </ContactCard>
        <ContactCard
          title={t.addressTitle}
          note={t.addressNote}
          icon={
            <svg {...iconProps}>
              <path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" />
              <circle cx="12" cy="9" r="2.5" />
            </svg>
          }
        >
          <address className="not-italic" data-testid="contact-address">
            {address}
          </address>
        </ContactCard>
        <ContactCard
          title={t.hoursTitle}
          note={t.hoursNote}
          icon={
            <svg {...iconProps}>
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" strokeLinecap="round" />
            </svg>
          }
        >
          <p>{publicSite.contactDefaults.hours}</p>
        </ContactCard>
      </ul>
      <section aria-labelledby="partner-heading" className="mt-12 rounded-xl bg-amber-50 p-6">
        <h2 id="partner-heading" className="text-xl font-semibold text-slate-900">
          {t.partnerHeading}
        </h2>
        <p className="mt-2 max-w-3xl text-slate-700">{t.partnerText}</p>
        <StoreBadges className="mt-4" />
      </section>
    </div>
  );
}
