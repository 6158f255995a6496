// Modal (forms) and ConfirmDialog. Their Radix implementation (dialog-radix.tsx: focus trap,
// Escape, aria wiring, scroll lock; ~13 kB gzip) is loaded the first time a dialog of the screen
// opens, not with the screen (docs/architecture.md#lazy-parts): until then a closed dialog
// renders nothing, and while the code arrives a loading overlay stands in for it. `lazyDialog`
// does the same for a screen's own dialogs and their forms.
import { createElement, useState, type ComponentType, type ReactNode } from 'react';
import { DialogLoading, lazyPart } from './lazy-part.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom (put the form's submit here with form="id", or inside children). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  /** Shows a spinner on the confirm button and blocks closing. */
  pending?: boolean;
  onConfirm: () => void;
}

const loadDialogs = () => import('./dialog-radix.tsx');

/** True from the first render with `open` on: once loaded, the dialog stays mounted so it can close itself. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A dialog (props with `open`) whose implementation is imported the first time it opens; closed
 * until then, it renders nothing. The Radix implementation is fetched at the same time, not after.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  const Part = lazyPart(() => Promise.all([load(), loadDialogs()]).then(([component]) => component), <DialogLoading />);
  return function LazyDialog(props: P) {
    if (!useOpenedOnce(props.open)) return null;
    return createElement(Part, props);
  };
}

export const Modal = lazyDialog<ModalProps>(() => loadDialogs().then((module) => module.Modal));

export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() => loadDialogs().then((module) => module.ConfirmDialog));
