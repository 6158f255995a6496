import { publicSite } from '@/lib/messages/public-site.ts';
import { usePublicSettings } from '@/features/public-site/api/use-public-resource.ts';
import { publicAsset } from '@/features/public-site/public-asset.ts';

const t = publicSite.badges;

/** Only an https address is ever linked (the database refuses anything else too). */
function storeHref(url: string | null | undefined): string | null {
  return typeof url === 'string' && /^https:\/\/\S+$/.test(url) ? url : null;
}

function Badge({ src, alt, href }: { src: string; alt: string; href: string | null }) {
  const image = <img src={publicAsset(src)} alt={alt} width={150} height={45} loading="lazy" />;
  if (!href) return image;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-block rounded-md">
      {image}
    </a>
  );
}

/**
 * App store badges (our own drawings in public/), each a link to the store page kept in the
 * settings (docs/screens.md#settings-and-banners); a store without a page yet shows its badge as a
 * plain image.
 */
export function StoreBadges({ className = '' }: { className?: string }) {
  const settings = usePublicSettings().data;
  return (
    <div className={className}>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Badge src="/badges/app-store.svg" alt={t.appStoreAlt} href={storeHref(settings?.app_store_url)} />
        </li>
        <li>
          <Badge src="/badges/google-play.svg" alt={t.googlePlayAlt} href={storeHref(settings?.google_play_url)} />
        </li>
      </ul>
    </div>
  );
}
