// A provider's documents and images with an edit mode: upload an image (type and 5 MB checked
// before sending, progress shown, name defaulting to the file name), view it through a signed URL,
// remove it (the row and the stored file).
import { ExternalLink, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { QueryStates } from '@/components/ui/states.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { EditToggleButton, SectionCard } from '@/components/ui/section-card.tsx';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { formatDateTime } from '@/lib/format/format.ts';
import { common } from '@/lib/messages/common.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { checkDocumentFile, defaultDocumentName } from '@/features/providers/api/document-rules.ts';
import { useDocumentUrl } from '@/features/providers/api/document-url-query.ts';
import { useProviderDocuments, type ProviderDocument } from '@/features/providers/api/provider-documents-query.ts';
import { useRemoveDocument } from '@/features/providers/api/provider-document-remove-mutation.ts';
import { isFileTypeRefusal, sniffImageType } from '@/lib/input/image-signature.ts';
import { useUploadDocument } from '@/features/providers/api/provider-document-upload-mutation.ts';

function DocumentTile({ document, editing, onRemove }: { document: ProviderDocument; editing: boolean; onRemove: () => void }) {
  const url = useDocumentUrl(document.storage_path);
  return (
    <li className="flex flex-col overflow-hidden rounded-md border border-slate-200 bg-slate-50" data-testid="provider-document">
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
        {url.data && document.type === 'image' ? (
          <img src={url.data.thumbnail} alt={t.detail.documents.previewAlt(document.name)} className="h-full w-full object-cover" loading="lazy" />
        ) : url.isError ? (
          <span className="px-2 text-center text-xs text-red-700">{t.detail.documents.openFailed}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 text-sm">
        <p className="font-medium break-words text-slate-900">{document.name}</p>
        <p className="text-xs text-slate-500">
          {t.detail.documents.types[document.type] ?? document.type} · {t.detail.documents.uploadedAt(formatDateTime(document.uploaded_at))}
        </p>
        <div className="mt-auto flex items-center gap-2 pt-1">
          {url.data ? (
            <a
              href={url.data.original}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-teal-800 hover:underline"
              aria-label={t.detail.documents.view(document.name)}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              {t.detail.documents.open}
            </a>
          ) : null}
          {editing ? (
            <button
              type="button"
              onClick={onRemove}
              aria-label={t.detail.documents.remove(document.name)}
              title={t.detail.documents.remove(document.name)}
              className="ml-auto inline-flex size-8 items-center justify-center rounded text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** A field of the upload form: its label over its control (`id`). */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

function UploadForm({ providerId }: { providerId: string }) {
  const fileId = useId();
  const nameId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useUploadDocument(providerId);
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);

  async function choose(next: File | null) {
    setFile(next);
    setPercent(null);
    setProblem(next ? (checkDocumentFile(next) ?? null) : null);
    // The first bytes must be an image (docs/product.md#input-rules): a renamed PDF or an SVG is refused here.
    if (next && checkDocumentFile(next) === undefined && (await sniffImageType(next)) === null) {
      setProblem(t.detail.documents.notImage);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A second click (or Enter) while the first submit is still checking or uploading the file is
    // ignored: one click, one object and one row. The ref is set before the first await.
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      await submitOnce();
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  async function submitOnce() {
    if (!file) {
      setProblem(t.detail.documents.noFile);
      return;
    }
    const refusal = checkDocumentFile(file) ?? ((await sniffImageType(file)) === null ? t.detail.documents.notImage : undefined);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    setPercent(0);
    try {
      await upload.mutateAsync({ providerId, file, name, onProgress: setPercent });
      toast.success(t.detail.documents.uploaded);
      setFile(null);
      setName('');
      if (inputRef.current) inputRef.current.value = '';
    } catch (error) {
      // One Vietnamese message, in place (a type refused by the bucket reads as the screen's own refusal).
      setProblem(
        isFileTypeRefusal(error)
          ? t.detail.documents.notImage
          : `${t.detail.documents.uploadFailed}: ${toVietnameseMessage(error, { action: 'upload' })}`,
      );
    } finally {
      setPercent(null);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-3 rounded-md border border-dashed border-slate-300 p-3" noValidate>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Labelled id={fileId} label={t.detail.documents.fileLabel}>
          <input
            ref={inputRef}
            id={fileId}
            type="file"
            accept="image/*"
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:text-teal-800"
          />
        </Labelled>
        <Labelled id={nameId} label={t.detail.documents.nameLabel}>
          <input
            id={nameId}
            type="text"
            value={name}
            placeholder={file ? defaultDocumentName(file.name) : t.detail.documents.namePlaceholder}
            onChange={(event) => setName(event.target.value)}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-teal-600"
          />
        </Labelled>
      </div>
      {percent !== null ? (
        <div className="flex items-center gap-3">
          <progress value={percent} max={100} aria-label={t.detail.documents.uploading(percent)} className="h-2 flex-1 accent-teal-700" />
          <span role="status" className="text-sm text-slate-600 tabular-nums">
            {t.detail.documents.uploading(percent)}
          </span>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button
        type="submit"
        disabled={file === null || problem !== null}
        loading={busy || upload.isPending}
        icon={<Upload className="size-4" aria-hidden="true" />}
      >
        {t.detail.documents.upload}
      </Button>
    </form>
  );
}

export function DocumentsCard({ providerId }: { providerId: string }) {
  const [editing, setEditing] = useState(false);
  const [pendingRemoval, setPendingRemoval] = useState<ProviderDocument | null>(null);
  const documents = useProviderDocuments(providerId);
  const remove = useRemoveDocument(providerId);

  async function confirmRemoval() {
    if (!pendingRemoval) return;
    try {
      await remove.mutateAsync(pendingRemoval);
      toast.success(t.detail.documents.removed);
    } catch (error) {
      toast.error(`${t.detail.documents.removeFailed}: ${toVietnameseMessage(error, { action: 'save' })}`);
    } finally {
      setPendingRemoval(null);
    }
  }

  return (
    <SectionCard
      titleId="documents-title"
      title={t.detail.documents.title}
      action={<EditToggleButton editing={editing} texts={t.detail.documents} onToggle={() => setEditing(!editing)} />}
    >
      <QueryStates query={documents} loadFailed={t.detail.documents.loadFailed} empty={<p className="text-sm text-slate-600">{t.detail.documents.empty}</p>}>
        {(list) => (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t.detail.documents.title}>
            {list.map((document) => (
              <DocumentTile key={document.id} document={document} editing={editing} onRemove={() => setPendingRemoval(document)} />
            ))}
          </ul>
        )}
      </QueryStates>
      {editing ? <UploadForm providerId={providerId} /> : null}
      <ConfirmDialog
        open={pendingRemoval !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingRemoval(null);
        }}
        title={t.detail.documents.removeConfirmTitle}
        description={pendingRemoval ? t.detail.documents.removeConfirm(pendingRemoval.name) : undefined}
        confirmLabel={common.actions.delete}
        destructive
        pending={remove.isPending}
        onConfirm={() => void confirmRemoval()}
      />
    </SectionCard>
  );
}
