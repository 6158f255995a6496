// The panel of "Bộ lọc đã lưu" (saved-views-menu.tsx loads it on the first click): the admin's saved
// views of this list, each applied by a click (the list's URL becomes the view's query string) or
// deleted; and "Lưu bộ lọc hiện tại": a name for the current filters, sort and page size. The
// database keeps them per admin under RLS and enforces the bounds; the form says which one a
// refused name broke. The panel closes on Escape (the focus back on the button), on a click outside
// the menu and after applying a view.
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  SAVED_VIEW_NAME_MAX,
  SAVED_VIEW_QUERY_MAX,
  SAVED_VIEWS_PER_ADMIN,
  saveRefusal,
  savedViewQuery,
  useDeleteView,
  useSaveView,
  useSavedViews,
  type SavedView,
} from '@/api/saved-views-query.ts';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { savedViewsButtonTexts, savedViewsTexts as t } from '@/lib/messages/search.ts';
import { Button } from './button.tsx';
import { toast } from './toast.tsx';

export interface SavedViewsPanelProps {
  screen: string;
  /** The menu (button and panel): a click outside it closes the panel. */
  container: RefObject<HTMLDivElement | null>;
  /** Closes the panel; `refocus`: the focus goes back to the button. */
  onClose: (refocus: boolean) => void;
}

export default function SavedViewsPanel({ screen, container, onClose }: SavedViewsPanelProps) {
  const views = useSavedViews(screen);
  const save = useSaveView(screen);
  const remove = useDeleteView(screen);
  const location = useLocation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const errorId = useId();

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !container.current?.contains(event.target)) onClose(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && document.querySelector('[role="dialog"], [role="alertdialog"]') === null) {
        event.preventDefault();
        onClose(true);
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [container, onClose]);

  function apply(view: SavedView) {
    void navigate({ pathname: location.pathname, search: view.query === '' ? '' : `?${view.query}` });
    onClose(true);
  }

  function submit() {
    const trimmed = name.trim();
    const query = savedViewQuery(location.search);
    if (trimmed === '') return setError(t.nameRequired);
    if ([...trimmed].length > SAVED_VIEW_NAME_MAX) return setError(t.nameTooLong(SAVED_VIEW_NAME_MAX));
    if (query.length > SAVED_VIEW_QUERY_MAX) return setError(t.queryTooLong);
    setError(null);
    save.mutate(
      { name: trimmed, query },
      {
        onSuccess: (view) => {
          setName('');
          toast.success(t.saved(view.name));
        },
        onError: (failure) => {
          const refusal = saveRefusal(failure);
          setError(
            refusal === 'nameTaken'
              ? t.nameTaken
              : refusal === 'tooMany'
                ? t.tooMany(SAVED_VIEWS_PER_ADMIN)
                : refusal === 'queryTooLong'
                  ? t.queryTooLong
                  : toVietnameseMessage(failure, { action: 'save' }),
          );
        },
      },
    );
  }

  return (
    <div className="space-y-3 text-sm">
      {views.isPending ? (
        <p className="text-slate-600">{t.loading}</p>
      ) : views.isError ? (
        <p role="alert" className="text-red-700">
          {t.loadFailed}
        </p>
      ) : views.data.length === 0 ? (
        <p className="text-slate-600">{t.empty}</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto" aria-label={savedViewsButtonTexts.button}>
          {views.data.map((view) => (
            <li key={view.id} className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => apply(view)}
                aria-label={t.apply(view.name)}
                className="min-w-0 flex-1 rounded-md px-2 py-1.5 text-left break-words text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
              >
                {view.name}
              </button>
              <button
                type="button"
                aria-label={t.remove(view.name)}
                title={t.remove(view.name)}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(view, {
                    onSuccess: () => toast.success(t.removed(view.name)),
                    onError: () => toast.error(t.removeFailed),
                  })
                }
                className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-40"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 pt-3">
        <p className="mb-2 font-medium text-slate-800">{t.saveTitle}</p>
        <label htmlFor={nameId} className="mb-1 block text-xs font-medium text-slate-600">
          {t.nameLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={nameId}
            type="text"
            value={name}
            maxLength={SAVED_VIEW_NAME_MAX}
            placeholder={t.namePlaceholder}
            aria-invalid={error !== null || undefined}
            aria-describedby={error !== null ? errorId : undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
            className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm focus:outline-2 focus:outline-teal-600"
          />
          <Button size="sm" loading={save.isPending} onClick={submit}>
            {save.isPending ? t.saving : t.save}
          </Button>
        </div>
        {error !== null ? (
          <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
