import { StrictMode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { installChunkReload } from './app/chunk-reload.ts';
import { routes } from './app/routes.tsx';
import { mountApp } from './features/public-site/mount-app.tsx';
import './styles.css';

installChunkReload();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Prerendered public pages are hydrated, everything else rendered (src/features/public-site/mount-app.tsx).
void mountApp(container, routes, (router) => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
));
