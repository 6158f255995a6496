// Public home (/): carousel, featured banner (from settings, when set), about, three service
// cards, three benefit cards, promotions (with the voucher banner from settings, when set), app block.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { publicHome } from '@/lib/messages/public-home.ts';
import { usePublicSettings } from '@/features/public-site/api/use-public-resource.ts';
import { Carousel } from '@/features/public-site/components/carousel.tsx';
import { SettingsBanner } from '@/features/public-site/components/settings-banner.tsx';
import { StoreBadges } from '@/features/public-site/components/store-badges.tsx';
import { publicAsset } from '@/features/public-site/public-asset.ts';

const t = publicHome;

function BenefitIcon({ name }: { name: string }) {
  const common = { viewBox: '0 0 24 24', className: 'size-7', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const;
  if (name === 'bolt') {
    return (
      <svg {...common}>
        <path d="M13 2 4 14h7l-1 8 9-12h-7z" strokeLinejoin="round" />
      </svg>
    );
  }
  if (name === 'shield') {
    return (
      <svg {...common}>
        <path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6z" strokeLinejoin="round" />
        <path d="m8.5 12 2.5 2.5 4.5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="M3 12V4h8l10 10-8 8z" strokeLinejoin="round" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </svg>
  );
}

/** A section's h2 (its id labels the section) and, when given, the intro line under it. */
function SectionHeading({ id, heading, intro, onDark = false }: { id: string; heading: string; intro?: string; onDark?: boolean }) {
  return (
    <>
      <h2 id={id} className={onDark ? 'text-3xl font-bold' : 'text-3xl font-bold text-slate-900'}>
        {heading}
      </h2>
      {intro === undefined ? null : <p className={onDark ? 'mt-2 text-teal-50' : 'mt-2 text-slate-700'}>{intro}</p>}
    </>
  );
}

interface HomeSectionProps {
  id: string;
  heading: string;
  intro?: string;
  /** A full-width coloured band (its classes) around the page-wide container; none: the container alone. */
  band?: string;
  onDark?: boolean;
  children: ReactNode;
}

/** A page-wide section opening with its heading, optionally on a full-width band. */
function HomeSection({ id, heading, intro, band, onDark, children }: HomeSectionProps) {
  const content = (
    <>
      <SectionHeading id={id} heading={heading} intro={intro} onDark={onDark} />
      {children}
    </>
  );
  if (band === undefined) {
    return (
      <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14">
        {content}
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className={band}>
      <div className="mx-auto max-w-6xl px-4">{content}</div>
    </section>
  );
}

export default function HomePage() {
  const settings = usePublicSettings().data;
  return (
    <>
      <h1 className="sr-only">{t.heroHeading}</h1>
      <Carousel />

      <SettingsBanner
        url={settings?.featured_banner_url}
        alt={t.featuredBanner.alt}
        width={1200}
        height={400}
        className="mx-auto max-w-6xl px-4 pt-10"
        imageClassName="shadow-sm"
      />

      <section aria-labelledby="about-heading" className="mx-auto grid max-w-6xl gap-8 px-4 py-14 lg:grid-cols-2 lg:items-center">
        <div className="space-y-4">
          <SectionHeading id="about-heading" heading={t.about.heading} />
          {t.about.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </div>
        <ul className="grid grid-cols-3 gap-3">
          {t.about.stats.map((stat) => (
            <li key={stat.label} className="rounded-xl bg-teal-50 p-4 text-center">
              <p className="text-2xl font-bold text-teal-800 sm:text-3xl">{stat.value}</p>
              <p className="mt-1 text-sm text-slate-700">{stat.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <HomeSection id="services-heading" heading={t.services.heading} intro={t.services.intro} band="bg-slate-50 py-14">
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {t.services.cards.map((card) => (
            <li key={card.to} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <img src={publicAsset(card.image)} alt={card.alt} width={400} height={240} loading="lazy" className="aspect-[5/3] w-full bg-teal-50 object-contain p-6" />
              <div className="flex flex-1 flex-col gap-3 p-5">
                <h3 className="text-xl font-semibold text-slate-900">{card.title}</h3>
                <p className="flex-1 text-sm leading-relaxed text-slate-700">{card.text}</p>
                <Link to={card.to} className="font-semibold text-teal-800 hover:underline">
                  {t.services.more}
                  <span className="sr-only">: {card.title}</span> →
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="benefits-heading" heading={t.benefits.heading}>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {t.benefits.cards.map((card) => (
            <li key={card.title} className="rounded-xl border border-slate-200 p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
                <BenefitIcon name={card.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{card.text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="promotions-heading" heading={t.promotions.heading} intro={t.promotions.intro} band="bg-teal-800 py-14 text-white" onDark>
        <SettingsBanner
          url={settings?.voucher_banner_url}
          alt={t.promotions.imageAlt}
          width={1200}
          height={300}
          loading="lazy"
          className="mt-8"
          imageClassName="bg-teal-700"
        />
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {t.promotions.items.map((item) => (
            <li key={item.code} className="rounded-xl bg-white p-6 text-slate-900">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{item.text}</p>
              <p className="mt-4 inline-block rounded border-2 border-dashed border-amber-500 px-3 py-1 font-mono text-sm font-semibold text-amber-800">
                {t.promotions.codeLabel}: {item.code}
              </p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <section aria-labelledby="app-heading" className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-2 md:items-center">
        <div className="space-y-4">
          <SectionHeading id="app-heading" heading={t.app.heading} />
          <p className="text-slate-700">{t.app.text}</p>
          <ul className="list-inside list-disc space-y-1 text-slate-700">
            {t.app.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <StoreBadges className="pt-2" />
        </div>
        <img src={publicAsset('/images/app-phone.svg')} alt={t.app.imageAlt} width={360} height={420} loading="lazy" className="mx-auto w-64 md:w-80" />
      </section>
    </>
  );
}
