// "Bộ lọc đã lưu" on the filter bar of every admin list (docs/screens.md#saved-views): a button that
// opens a small panel of the admin's saved views of this list (apply, delete) and a form that saves
// the current filters, sort and page size under a name. Only this button is part of a screen's first
// download; the panel (its query, its form, its closing on Escape or a click outside) loads on the
// first click (saved-views-panel.tsx).
import { Bookmark } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';
import { savedViewsButtonTexts as t } from '@/lib/messages/search.ts';
import { buttonClassName } from './button.tsx';

const SavedViewsPanel = lazy(() => import('./saved-views-panel.tsx'));

/** The screen key of an admin list path (`/admin/manage-reviews` → `manage-reviews`), as admin_saved_views.screen holds it. */
const SCREEN_PATH = /^\/admin\/([a-z][a-z0-9-]{0,39})\/?$/;

function Menu({ screen }: { screen: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName('secondary')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Bookmark className="size-4" aria-hidden="true" />
        {t.button}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={t.menuLabel}
          className="absolute right-0 z-40 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-3 shadow-lg"
        >
          <Suspense fallback={null}>
            <SavedViewsPanel
              screen={screen}
              container={containerRef}
              onClose={(refocus) => {
                setOpen(false);
                if (refocus) buttonRef.current?.focus();
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

function RoutedMenu() {
  const screen = SCREEN_PATH.exec(useLocation().pathname)?.[1];
  return screen === undefined ? null : <Menu screen={screen} />;
}

/** The saved-views menu of the list on screen; nothing outside an admin list path (or outside a router). */
export function SavedViewsMenu() {
  return useInRouterContext() ? <RoutedMenu /> : null;
}
