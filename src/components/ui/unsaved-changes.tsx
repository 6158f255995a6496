// Leaving a page with an unsaved edit asks first (docs/architecture.md#routing). Editors and forms
// report what they hold with `useUnsavedChanges(dirty)`; the admin shell mounts one
// <UnsavedChangesGuard />, which blocks in-app navigations with React Router's `useBlocker` (a
// router supports one blocker at a time, hence one guard for every editor) and asks with a
// confirmation dialog, and asks the browser to confirm a reload or a closed tab (`beforeunload`).
import { useEffect, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router-dom';
import { common } from '@/lib/messages/common.ts';
import { ConfirmDialog } from './dialog.tsx';

const holders = new Set<symbol>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasUnsavedChanges = (): boolean => holders.size > 0;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Marks the calling component as holding an unsaved edit while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = Symbol('unsaved');
    holders.add(token);
    notify();
    return () => {
      holders.delete(token);
      notify();
    };
  }, [dirty]);
}

/** Mounted once in the admin shell. */
export function UnsavedChangesGuard() {
  const dirty = useSyncExternalStore(subscribe, hasUnsavedChanges, () => false);
  // A change of the query string on the same page (a filter, another page of the list) is not
  // leaving it; any other navigation with an unsaved edit is held until the admin answers.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const t = common.unsavedChanges;
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t.title}
      description={t.description}
      confirmLabel={t.leave}
      cancelLabel={t.stay}
      destructive
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
