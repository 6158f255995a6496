// Toasts: `toast.success(msg)` / `toast.error(msg)` from anywhere (components, mutation callbacks);
// <Toaster /> (mounted once by the app) shows them in a live region. Errors stay longer; a message
// already on screen is never shown twice, and an error clears the success toasts before it. A toast
// may carry one action (the "Hoàn tác" of a bulk action, docs/screens.md#bulk-actions): it stays
// longer, and a click runs the action and closes it.
import clsx from 'clsx';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { common } from '@/lib/messages/common.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

const DURATION: Record<ToastKind, number> = { success: 4000, info: 5000, error: 8000 };
const MAX_VISIBLE = 4;
/** A toast with an action stays this long: time to read it and reach its button. */
const ACTION_DURATION = 10000;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  items = items.filter((item) => item.id !== id);
  emit();
}

function startTimer(item: ToastItem): void {
  const timer = timers.get(item.id);
  if (timer !== undefined) clearTimeout(timer);
  timers.set(
    item.id,
    setTimeout(() => dismiss(item.id), item.action ? ACTION_DURATION : DURATION[item.kind]),
  );
}

/**
 * Shows a toast. The same message already on screen is not shown twice: its timer starts again.
 * An error dismisses the success toasts on screen (they no longer describe the current state).
 */
function show(kind: ToastKind, message: string, action?: ToastAction): number {
  const same = items.find((item) => item.kind === kind && item.message === message);
  if (kind === 'error') {
    for (const item of items) {
      if (item.kind !== 'success') continue;
      const timer = timers.get(item.id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(item.id);
    }
    items = items.filter((item) => item.kind !== 'success');
  }
  if (same && action) {
    // A new action (another batch's undo) replaces the one on screen with the same text.
    dismiss(same.id);
  } else if (same) {
    startTimer(same);
    emit();
    return same.id;
  }
  const item: ToastItem = { id: nextId++, kind, message, ...(action ? { action } : {}) };
  const kept = [...items, item];
  for (const dropped of kept.slice(0, -MAX_VISIBLE)) {
    const timer = timers.get(dropped.id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(dropped.id);
  }
  items = kept.slice(-MAX_VISIBLE);
  startTimer(item);
  emit();
  return item.id;
}

export const toast = {
  success: (message: string, options?: { action?: ToastAction }) => show('success', message, options?.action),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss,
  /** The toasts on screen, oldest first. */
  visible: (): readonly ToastItem[] => items,
  /** Removes every toast (tests, sign-out). */
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    items = [];
    emit();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return items;
}

/** The toast API, for components that prefer a hook. */
export function useToast(): typeof toast {
  return toast;
}

const kindClass: Record<ToastKind, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

function KindIcon({ kind }: { kind: ToastKind }) {
  const className = 'mt-0.5 size-5 shrink-0';
  if (kind === 'success') return <CheckCircle2 className={className} aria-hidden="true" />;
  if (kind === 'error') return <XCircle className={className} aria-hidden="true" />;
  return <Info className={className} aria-hidden="true" />;
}

export function Toaster() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {current.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          className={clsx(
            'pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-lg border p-3 text-sm shadow-lg',
            kindClass[item.kind],
          )}
        >
          <KindIcon kind={item.kind} />
          <p className="flex-1">{item.message}</p>
          {item.action ? (
            <button
              type="button"
              onClick={() => {
                dismiss(item.id);
                item.action?.onClick();
              }}
              className="rounded px-1 font-semibold underline hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
            >
              {item.action.label}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => dismiss(item.id)}
            className="rounded p-0.5 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
            aria-label={common.actions.close}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
