// "Bộ lọc đã lưu" of a list's filter bar, loaded after the first paint (saved-views-menu.tsx): the
// saved views add nothing to a list screen's first download (docs/architecture.md#budgets).
import { lazy, Suspense } from 'react';

const Menu = lazy(() => import('./saved-views-menu.tsx').then((module) => ({ default: module.SavedViewsMenu })));

export function SavedViewsMenu() {
  return (
    <Suspense fallback={null}>
      <Menu />
    </Suspense>
  );
}
