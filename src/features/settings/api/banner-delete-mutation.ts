// Deleting a banner: removes the stored file and clears its URL in settings.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from './keys.ts';
import type { SettingsRow } from './settings-query.ts';
import type { BannerKind } from './settings-rules.ts';
import { setBannerUrl, removeStored } from './banner-storage.ts';

export async function deleteBanner(kind: BannerKind, currentUrl: string | null): Promise<SettingsRow> {
  await removeStored(currentUrl);
  return setBannerUrl(kind, null);
}

export function useDeleteBanner(kind: BannerKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentUrl: string | null) => deleteBanner(kind, currentUrl),
    onSuccess: (row) => queryClient.setQueryData(settingsKeys.detail(), row),
  });
}
