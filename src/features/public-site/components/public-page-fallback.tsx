import { appFrame } from '@/lib/messages/app-frame.ts';

/** Shown only while a page that was not prerendered loads its chunk: a screen tall, so the footer never shows and moves. */
export function PublicPageFallback() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
      {appFrame.loading}
    </div>
  );
}
