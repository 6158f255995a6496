import { StrictMode } from 'react';
import { RouterProvider } from './lib/router.tsx';
import { installChunkReload } from './app/chunk-reload.ts';
import { firstRenderHeadStart, routes } from './app/router.tsx';
import { mountApp } from './features/public-site/mount-app.tsx';
import './styles.css';

installChunkReload();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Prerendered public pages are hydrated, everything else rendered (src/features/public-site/mount-app.tsx);
// a full load of an admin address renders once its data requests have left (src/app/router.tsx).
void mountApp(
  container,
  routes,
  (router) => (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  ),
  firstRenderHeadStart,
);
