// Modal (forms) and ConfirmDialog, both on Radix Dialog: focus trap, Escape, aria wiring. Screens
// import them from dialog.tsx, which loads this module the first time a dialog opens.
// Our dialogs are opened by ordinary buttons, inline editors and selects, not by a Radix Trigger, so
// Radix would leave the focus on <body> when one closes: each returns it to whatever had it when the
// dialog opened (docs/screens.md#keyboard), or to the page's <main> when that element is gone.
import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { common } from '@/lib/messages/common.ts';
import { Button } from './button.tsx';
import type { ConfirmDialogProps, ModalProps } from './dialog.tsx';

/** Props of RadixDialog.Content that give the focus back to the opener when the dialog closes. */
function useReturnFocus(): { onOpenAutoFocus: () => void; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        target.focus();
        return;
      }
      const active = document.activeElement;
      if (active === null || active === document.body) document.getElementById('admin-main')?.focus();
    },
  };
}

const sizeClass = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md' }: ModalProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          {...returnFocus}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-lg bg-white p-5 shadow-xl focus:outline-none',
            sizeClass[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
              aria-label={common.actions.close}
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : null}
          {children}
          {footer ? <div className="mt-5 flex justify-end gap-2">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = common.actions.confirm,
  cancelLabel = common.actions.cancel,
  destructive = false,
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          {...returnFocus}
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <RadixDialog.Close asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </RadixDialog.Close>
            <Button variant={destructive ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
