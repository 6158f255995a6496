// What both banner writes share: storing a banner's public URL in settings, and removing a stored
// file of the public bucket `banners` (a URL that is not one of ours is left alone).
import { unwrap } from '@/lib/errors/errors.ts';
import { runtimeConfig } from '@/lib/supabase/config.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { SETTINGS_COLUMNS, type SettingsRow } from './settings-query.ts';
import { BANNER_BUCKET, bannerPathFromUrl, type BannerKind } from './settings-rules.ts';

export async function setBannerUrl(kind: BannerKind, url: string | null): Promise<SettingsRow> {
  const patch = kind === 'featured' ? { featured_banner_url: url } : { voucher_banner_url: url };
  return unwrap(await supabase.from('settings').update(patch).eq('id', 'app').select(SETTINGS_COLUMNS).single()) as SettingsRow;
}

export async function removeStored(url: string | null): Promise<void> {
  const path = bannerPathFromUrl(url, runtimeConfig.supabaseUrl);
  if (path !== null) unwrap(await supabase.storage.from(BANNER_BUCKET).remove([path]));
}
