// The three service pages. Services and packages come from the public catalogue in the database
// (the profession whose name matches the page); if the API cannot be reached, or has no such
// profession yet, the reference price list from the catalogue of texts is shown instead.
import { Link } from 'react-router-dom';
import { publicSite } from '@/lib/messages/public-site.ts';
import { publicServices, serviceAreaPage, type ServiceAreaSlug } from '@/lib/messages/public-services.ts';
import type { PublicCatalogueArea } from '@/lib/supabase/public-api.ts';
import { fetchCatalogueArea } from '@/features/public-site/api/catalogue-api.ts';
import { catalogueKey, usePublicResource } from '@/features/public-site/api/use-public-resource.ts';
import { StoreBadges } from '@/features/public-site/components/store-badges.tsx';
import { formatVnd } from '@/lib/format/format.ts';
import { publicAsset } from '@/features/public-site/public-asset.ts';

const t = serviceAreaPage;

interface ViewPackage {
  key: string;
  name: string;
  price: number;
  duration: string;
  description: string;
  jobDetails?: string;
}

interface ViewModel {
  services: { key: string; name: string; description?: string }[];
  groups: { key: string; heading: string; packages: ViewPackage[] }[];
  live: boolean;
}

function fromCatalogue(area: PublicCatalogueArea, slug: ServiceAreaSlug): ViewModel {
  const fallback = publicServices[slug];
  const descriptions = new Map(fallback.services.map((service) => [service.name.toLowerCase(), service.description]));
  return {
    live: true,
    services: area.services.map((service) => ({
      key: service.id,
      name: service.name,
      description: descriptions.get(service.name.toLowerCase()),
    })),
    groups: area.services
      .map((service) => ({
        key: service.id,
        heading: service.name,
        packages: area.packages
          .filter((item) => item.subcategory_id === service.id)
          .map((item) => ({
            key: item.id,
            name: item.name,
            price: item.price,
            duration: item.duration,
            description: item.description,
            jobDetails: item.job_details,
          })),
      }))
      .filter((group) => group.packages.length > 0),
  };
}

function fromFallback(slug: ServiceAreaSlug): ViewModel {
  const content = publicServices[slug];
  return {
    live: false,
    services: content.services.map((service) => ({ key: service.name, ...service })),
    groups: content.packageGroups.map((group) => ({
      key: group.heading,
      heading: group.heading,
      packages: group.packages.map((item) => ({ key: item.name, ...item })),
    })),
  };
}

export default function ServiceAreaPage({ area }: { area: ServiceAreaSlug }) {
  const content = publicServices[area];
  const catalogue = usePublicResource<PublicCatalogueArea | null>(catalogueKey(area), () => fetchCatalogueArea(area));
  const view =
    catalogue.data && catalogue.data.services.length > 0 ? fromCatalogue(catalogue.data, area) : fromFallback(area);

  return (
    <>
      <section className="bg-teal-800 text-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-[2fr_1fr] md:items-center">
          <div className="space-y-3">
            <h1 className="text-3xl font-bold sm:text-4xl">{content.heading}</h1>
            <p className="text-teal-50 sm:text-lg">{content.intro}</p>
          </div>
          <img src={publicAsset(content.heroImage)} alt={content.heroAlt} width={400} height={240} className="mx-auto w-48 rounded-xl bg-white/95 p-4 md:w-64" />
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-12 px-4 py-12" aria-busy={catalogue.loading}>
        {catalogue.loading ? (
          <p role="status" className="text-sm text-slate-500">
            {t.loading}
          </p>
        ) : null}
        <section aria-labelledby="services-list-heading">
          <h2 id="services-list-heading" className="text-2xl font-bold text-slate-900">
            {t.servicesHeading}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {view.services.map((service) => (
              <li key={service.key} className="rounded-xl border border-slate-200 p-5">
                <h3 className="font-semibold text-slate-900">{service.name}</h3>
                {service.description ? <p className="mt-1 text-sm text-slate-700">{service.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="packages-heading">
          <h2 id="packages-heading" className="text-2xl font-bold text-slate-900">
            {t.packagesHeading}
          </h2>
          {!view.live && !catalogue.loading ? <p className="mt-2 text-sm text-slate-600">{t.offline}</p> : null}
          {view.groups.map((group) => (
            <div key={group.key} className="mt-6">
              <h3 className="text-lg font-semibold text-teal-800">{group.heading}</h3>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {group.packages.map((item) => (
                  <li key={item.key} className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-5">
                    <h4 className="font-semibold text-slate-900">{item.name}</h4>
                    <p className="mt-2 text-xl font-bold text-teal-800">{formatVnd(item.price)}</p>
                    <dl className="mt-2 space-y-1 text-sm text-slate-700">
                      <div>
                        <dt className="inline font-medium">{t.duration}: </dt>
                        <dd className="inline">{item.duration}</dd>
                      </div>
                    </dl>
                    <p className="mt-2 text-sm text-slate-700">{item.description}</p>
                    {item.jobDetails ? (
                      <p className="mt-2 text-sm text-slate-600">
                        <span className="font-medium">{t.jobDetails}: </span>
                        {item.jobDetails}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <ul className="mt-6 space-y-1 text-sm text-slate-600">
            {content.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="book-heading" className="rounded-xl bg-amber-50 p-6">
          <h2 id="book-heading" className="text-xl font-semibold text-slate-900">
            {t.bookCta}
          </h2>
          <StoreBadges className="mt-4" />
          <p className="mt-3 text-sm text-slate-700">
            <Link to="/contact" className="font-semibold text-teal-800 hover:underline">
              {publicSite.nav.contact}
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
