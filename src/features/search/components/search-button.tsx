// The search button of the admin shell's header, loaded after the first paint (search-launcher.tsx:
// the button and its Ctrl+K / "/" shortcuts; the palette loads on the first opening): the search adds
// nothing to a screen's first download (docs/architecture.md#budgets).
import { lazy, Suspense } from 'react';

const SearchLauncher = lazy(() => import('./search-launcher.tsx').then((module) => ({ default: module.SearchLauncher })));

export function SearchButton() {
  return (
    <Suspense fallback={null}>
      <SearchLauncher />
    </Suspense>
  );
}
