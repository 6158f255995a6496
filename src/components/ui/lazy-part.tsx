// Parts of a screen loaded when first shown, not with the screen (docs/architecture.md#lazy-parts):
// dialogs and the forms inside them (react-hook-form), which most visits never open.
import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { common } from '@/lib/messages/common.ts';

/** What a dialog shows between the click and its code. */
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50">
      <p role="status" className="rounded-lg bg-white px-5 py-4 text-sm text-slate-700 shadow-xl">
        {common.states.loading}
      </p>
    </div>
  );
}

/** What an inline part (a form under a list) shows while its code arrives. */
export function InlineLoading() {
  return (
    <p role="status" className="py-3 text-sm text-slate-600">
      {common.states.loading}
    </p>
  );
}

/** A component whose module is imported the first time it renders, `fallback` showing meanwhile. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): (props: P) => ReactNode {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return <Suspense fallback={fallback}>{createElement(Loaded, props)}</Suspense>;
  };
}
