import type { ServiceAreaSlug } from '@/lib/messages/public-services.ts';

/** The three service pages' areas, each at `/<slug>` (docs/screens.md#service-pages). */
export const SERVICE_AREA_SLUGS: readonly ServiceAreaSlug[] = ['lao-dong-pho-thong', 'lao-dong-nong-nghiep', 'dich-vu-y-te'];
