// Uploading a banner (featured or voucher): the image goes to the public bucket `banners` at
// `{kind}_{timestamp}_{filename}` (type and 5 MB checked here first, and again by the bucket), its
// public URL is stored in settings and the previous stored file is removed. Uploads report progress
// (src/lib/supabase/storage-upload.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { settingsKeys } from './keys.ts';
import type { SettingsRow } from './settings-query.ts';
import { BANNER_BUCKET, bannerPath, validateBannerFile, type BannerKind } from './settings-rules.ts';
import { setBannerUrl, removeStored } from './banner-storage.ts';

export async function uploadBanner(kind: BannerKind, file: File, previousUrl: string | null, onProgress: (percent: number) => void): Promise<SettingsRow> {
  const invalid = validateBannerFile(file);
  if (invalid !== null) throw new ApiError({ message: invalid, code: 'invalid_file', status: 0 });
  const path = bannerPath(kind, file.name);
  // The upload code loads with the first upload, not with the screen (docs/architecture.md#lazy-parts).
  const { uploadWithProgress } = await import('@/lib/supabase/storage-upload.ts');
  await uploadWithProgress(BANNER_BUCKET, path, file, onProgress);
  const banners = supabase.storage.from(BANNER_BUCKET);
  const publicUrl = banners.getPublicUrl(path).data.publicUrl;
  let row: SettingsRow;
  try {
    row = await setBannerUrl(kind, publicUrl);
  } catch (error) {
    // Keep storage and settings consistent: the new file is not referenced, remove it.
    await banners.remove([path]);
    throw error;
  }
  if (previousUrl !== null && previousUrl !== publicUrl) {
    await removeStored(previousUrl).catch(() => undefined);
  }
  return row;
}

export function useUploadBanner(kind: BannerKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, previousUrl, onProgress }: { file: File; previousUrl: string | null; onProgress: (percent: number) => void }) =>
      uploadBanner(kind, file, previousUrl, onProgress),
    onSuccess: (row) => queryClient.setQueryData(settingsKeys.detail(), row),
  });
}
