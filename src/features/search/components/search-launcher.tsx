// The search button of the admin shell's header and its keyboard shortcuts (docs/screens.md#global-search):
// Ctrl+K (⌘K) anywhere, "/" when the focus is not in a field. The palette itself
// (search-palette.tsx: the dialog, the query, the results) is loaded the first time it opens, so it
// adds nothing to a screen's first download; the focus goes back to where it was when it closes.
import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { searchButtonTexts as t } from '@/lib/messages/search.ts';

const SearchPalette = lazy(() => import('./search-palette.tsx'));

/** Whether a key press happens while typing (a field, a select, an editable element): "/" is then text. */
function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    const active = document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : buttonRef.current;
    setLoaded(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey) return;
      const shortcut = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !inField(event.target);
      if (!shortcut && !slash) return;
      // Another dialog has the keyboard: leave it be.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]') !== null) return;
      event.preventDefault();
      show();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show]);

  const returnFocus = useCallback(() => {
    const target = openerRef.current?.isConnected ? openerRef.current : buttonRef.current;
    openerRef.current = null;
    target?.focus();
  }, []);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={show}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K /"
        className="flex items-center gap-2 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        <Search className="size-4 shrink-0" aria-hidden="true" />
        <span className="max-sm:sr-only">{t.button}</span>
        <kbd className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-500 md:inline" aria-hidden="true">
          {t.shortcut}
        </kbd>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SearchPalette open={open} onOpenChange={setOpen} onClosed={returnFocus} />
        </Suspense>
      ) : null}
    </>
  );
}
