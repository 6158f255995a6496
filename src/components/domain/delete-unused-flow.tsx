// The dialogs behind "Xóa" (delete-unused-button.tsx), loaded with the first click
// (docs/architecture.md#lazy-parts): it first asks the database what uses the row. Used: a dialog
// says what uses it ("Dịch vụ đang được dùng bởi 12 đơn hàng") and offers to hide it (or pause the
// code) instead. Unused: a confirmation, then the delete; a reference added meanwhile is refused by
// the database (23503) and reported the same way.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog, Modal } from '@/components/ui/dialog.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { deleteCatalogueRow, fetchCatalogueUsage, isInUse, type CatalogueKind, type CatalogueUsage } from '@/api/catalogue-usage.ts';
import { ApiError, toVietnameseMessage } from '@/lib/errors/errors.ts';
import { deletion as t } from '@/lib/messages/deletion.ts';

type Step = { kind: 'checking' } | { kind: 'idle' } | { kind: 'confirm'; promotions: number } | { kind: 'inUse'; uses: string };

/** "12 đơn hàng và 3 gói dịch vụ". */
function usesText(usage: CatalogueUsage): string {
  const parts: string[] = [];
  if (usage.bookings > 0) parts.push(t.bookings(usage.bookings));
  if ((usage.packages ?? 0) > 0) parts.push(t.packages(usage.packages ?? 0));
  if (usage.bookings === 0 && (usage.uses ?? 0) > 0) parts.push(t.uses(usage.uses ?? 0));
  return parts.join(t.and);
}

export interface DeleteUnusedFlowProps {
  kind: CatalogueKind;
  id: string;
  name: string;
  /** Already hidden (a service or package not shown, a paused code): no "hide" is offered. */
  hidden: boolean;
  /** Hides the row (active = false, or status inactive for a code). */
  onHide: () => Promise<unknown>;
  /** After the delete (or when the row turned out to be gone): reload, leave the page. */
  onDeleted: () => void;
  /** The flow is over (dialogs closed): the button unmounts it. */
  onDone: () => void;
}

export function DeleteUnusedFlow({ kind, id, name, hidden, onHide, onDeleted, onDone }: DeleteUnusedFlowProps) {
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const noun = t.noun[kind];
  const Noun = t.Noun[kind];

  /** Asks the database what uses the row, then shows the matching dialog. */
  async function check() {
    const usage = await fetchCatalogueUsage(kind, id);
    if (usage === null) {
      setStep({ kind: 'idle' });
      toast.error(t.notFound(Noun));
      onDeleted();
    } else if (isInUse(usage)) {
      setStep({ kind: 'inUse', uses: usesText(usage) });
    } else {
      setStep({ kind: 'confirm', promotions: usage.promotions ?? 0 });
    }
  }

  // Asked once, when the flow opens.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check().catch(() => {
      toast.error(t.checkFailed);
      setStep({ kind: 'idle' });
    });
  });

  // Back to idle (nothing open any more): the flow is over.
  useEffect(() => {
    if (step.kind === 'idle') onDone();
  }, [step.kind, onDone]);

  async function remove() {
    if (busy) return;
    setBusy(true);
    try {
      const deleted = await deleteCatalogueRow(kind, id);
      setStep({ kind: 'idle' });
      if (deleted) toast.success(t.deleted(Noun, name));
      else toast.error(t.notFound(Noun));
      onDeleted();
    } catch (error) {
      // Something started using it since the check: say what, as for a row found in use.
      if (error instanceof ApiError && error.code === '23503') await check().catch(() => toast.error(t.checkFailed));
      else {
        setStep({ kind: 'idle' });
        toast.error(`${t.failed} ${toVietnameseMessage(error, { action: 'save' })}`);
      }
    } finally {
      setBusy(false);
    }
  }

  async function hide() {
    if (busy) return;
    setBusy(true);
    try {
      await onHide();
      setStep({ kind: 'idle' });
      toast.success(kind === 'promotion' ? t.paused(name) : t.hidden(Noun, name));
    } catch (error) {
      toast.error(toVietnameseMessage(error, { action: 'save' }));
    } finally {
      setBusy(false);
    }
  }

  const close = (open: boolean) => {
    if (!open && !busy) setStep({ kind: 'idle' });
  };

  return (
    <>
      <ConfirmDialog
        open={step.kind === 'confirm'}
        onOpenChange={close}
        title={t.confirmTitle(noun, name)}
        description={
          <>
            <span className="block">{t.confirmText(noun)}</span>
            {step.kind === 'confirm' && step.promotions > 0 ? <span className="mt-1 block">{t.unlinkPromotions(step.promotions)}</span> : null}
          </>
        }
        confirmLabel={t.confirm}
        destructive
        pending={busy}
        onConfirm={() => void remove()}
      />
      <Modal
        open={step.kind === 'inUse'}
        onOpenChange={close}
        title={t.inUseTitle(noun, name)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
              {t.close}
            </Button>
            {hidden ? null : (
              <Button onClick={() => void hide()} loading={busy}>
                {kind === 'promotion' ? t.pause : t.hide(noun)}
              </Button>
            )}
          </>
        }
      >
        <p className="text-sm text-slate-800" data-testid="in-use">
          {step.kind === 'inUse' ? t.inUse(Noun, step.uses) : null}
        </p>
        <p className="mt-2 text-sm text-slate-600">{hidden ? t.alreadyHidden(Noun) : kind === 'promotion' ? t.pauseInstead : t.hideInstead(noun)}</p>
      </Modal>
    </>
  );
}
