import { publicSite } from '@/lib/messages/public-site.ts';
import { publicAsset } from '@/features/public-site/public-asset.ts';

const t = publicSite.badges;

/**
 * App store badges (our own drawings in public/). The mobile app is not published yet, so they are
 * shown as images with a note instead of links to nowhere.
 */
export function StoreBadges({ className = '' }: { className?: string }) {
  return (
    <div className={className}>
      <ul className="flex flex-wrap gap-3">
        <li>
          <img src={publicAsset('/badges/app-store.svg')} alt={t.appStoreAlt} width={150} height={45} loading="lazy" />
        </li>
        <li>
          <img src={publicAsset('/badges/google-play.svg')} alt={t.googlePlayAlt} width={150} height={45} loading="lazy" />
        </li>
      </ul>
    </div>
  );
}
