// One banner (featured or voucher): preview, recommended size, upload (image only, ≤ 5 MB, its first
// bytes a JPEG, PNG, WebP or GIF — checked before sending, docs/product.md#input-rules) with progress,
// and delete (removes the stored file too). A refusal is shown once, in place, in Vietnamese.
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { isFileTypeRefusal, sniffImageType } from '@/lib/input/image-signature.ts';
import { settings as t } from '@/lib/messages/settings.ts';
import { useDeleteBanner } from '@/features/settings/api/banner-delete-mutation.ts';
import { useUploadBanner } from '@/features/settings/api/banner-upload-mutation.ts';
import { RECOMMENDED_SIZE, validateBannerFile, type BannerKind } from '@/features/settings/api/settings-rules.ts';

function uploadErrorMessage(error: unknown): string {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  if (record.code === 'invalid_file' && typeof record.message === 'string') return record.message;
  if (isFileTypeRefusal(error)) return t.banners.invalidType;
  if (record.status === 403 || record.code === '42501') return t.banners.uploadPermissionDenied;
  return `${t.banners.uploadFailed} ${toVietnameseMessage(error, { action: 'upload' })}`;
}

export interface BannerCardProps {
  kind: BannerKind;
  url: string | null;
  disabled: boolean;
  /** Called with the settings row's new updated_at after a banner change. */
  onChanged: (updatedAt: string) => void;
}

export function BannerCard({ kind, url, disabled, onChanged }: BannerCardProps) {
  const name = kind === 'featured' ? t.banners.featured : t.banners.voucher;
  const upload = useUploadBanner(kind);
  const remove = useDeleteBanner(kind);
  const toast = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = disabled || upload.isPending || remove.isPending;

  async function onFile(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (file === undefined) return;
    const invalid = validateBannerFile(file) ?? ((await sniffImageType(file)) === null ? t.banners.invalidType : null);
    if (invalid !== null) {
      setError(invalid);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const row = await upload.mutateAsync({ file, previousUrl: url, onProgress: setProgress });
      onChanged(row.updated_at);
      toast.success(t.banners.uploaded(name));
    } catch (uploadError) {
      setError(uploadErrorMessage(uploadError));
    } finally {
      setProgress(null);
    }
  }

  async function onDelete() {
    try {
      const row = await remove.mutateAsync(url);
      onChanged(row.updated_at);
      setConfirming(false);
      toast.success(t.banners.deleted(name));
    } catch (deleteError) {
      setConfirming(false);
      toast.error(`${t.banners.deleteFailed} ${toVietnameseMessage(deleteError, { action: 'save' })}`);
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-lg border border-slate-200 p-4">
      <h3 id={`${inputId}-title`} className="font-semibold text-slate-900">
        {name}
      </h3>
      <p className="text-xs text-slate-600">
        {t.banners.recommended(RECOMMENDED_SIZE[kind])}. {t.banners.rules}
      </p>
      <div className="my-3 flex aspect-[3/1] items-center justify-center overflow-hidden rounded border border-dashed border-slate-300 bg-slate-50">
        {url ? (
          <img src={url} alt={t.banners.preview(name)} className="size-full object-cover" />
        ) : (
          <span className="text-sm text-slate-500">{t.banners.none}</span>
        )}
      </div>
      {progress !== null ? (
        <div className="mb-2">
          <progress max={100} value={progress} className="h-2 w-full" aria-label={t.banners.uploading(progress)} />
          <p role="status" className="text-xs text-slate-600">
            {t.banners.uploading(progress)}
          </p>
        </div>
      ) : null}
      {error !== null ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={busy}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className={`inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-teal-700 ${busy ? 'pointer-events-none opacity-50' : ''}`}
        >
          <ImageUp className="size-4" aria-hidden="true" />
          {upload.isPending ? t.banners.uploadingPlain : t.banners.choose(name)}
        </label>
        {url ? (
          <Button size="sm" variant="danger" disabled={busy} icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => setConfirming(true)}>
            {t.banners.remove(name)}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.banners.confirmRemove(name)}
        description={t.banners.confirmRemoveText}
        confirmLabel={t.banners.remove(name)}
        destructive
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </section>
  );
}
