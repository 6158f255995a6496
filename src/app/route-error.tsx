import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { appFrame } from '@/lib/messages/app-frame.ts';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

/** Shown when a page fails to render or its code cannot be downloaded (e.g. after a new deploy). */
export function RouteError() {
  const error = useRouteError();
  const chunkMissing = isChunkLoadError(error);
  useEffect(() => {
    // A page's code from an older build is gone: load the new build once.
    if (chunkMissing) reloadForNewBuild();
    else console.error(error);
  }, [chunkMissing, error]);
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{appFrame.routeError.heading}</h1>
      <p className="text-slate-600">{appFrame.routeError.text}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex h-10 items-center rounded-md bg-teal-700 px-4 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {appFrame.routeError.reload}
      </button>
    </div>
  );
}
