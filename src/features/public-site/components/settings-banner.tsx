// A banner image chosen on /admin/settings (featured 1200x400, voucher 1200x300), asked of Storage at
// the size it is shown (1× and 2×) rather than as the uploaded original. Nothing is shown
// when the setting is empty or invalid, or when the image fails to load (no broken-image icon);
// width/height reserve the space so the page does not jump when it arrives.
import { useState } from 'react';
import { bannerImage, bannerSrc } from '@/features/public-site/api/banner-src.ts';

interface SettingsBannerProps {
  url: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** 'lazy' for a banner below the fold. */
  loading?: 'eager' | 'lazy';
  /** Classes of the wrapper (spacing), which disappears with the image. */
  className?: string;
  imageClassName?: string;
}

export function SettingsBanner({ url, alt, width, height, loading = 'eager', className, imageClassName }: SettingsBannerProps) {
  const src = bannerSrc(url);
  // The address that failed to load; a new address (banner replaced) is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || src === failedSrc) return null;
  // Sized by Storage's image transformation when the banner lives in a Storage bucket.
  const image = bannerImage(src, width, height);
  return (
    <div className={className}>
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.srcSet ? `(max-width: ${width}px) 100vw, ${width}px` : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={['block h-auto w-full rounded-xl object-cover', imageClassName].filter(Boolean).join(' ')}
        style={{ aspectRatio: `${width} / ${height}` }}
      />
    </div>
  );
}
