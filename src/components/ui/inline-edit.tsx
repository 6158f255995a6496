// Inline editor for one value (text, number or select). Click the value (or its pencil) to start;
// Enter saves, and so does leaving the field (Tab, Shift+Tab, a click elsewhere; focus taken by a
// dialog is not leaving); Escape cancels (docs/screens.md#keyboard). Values are trimmed, an empty value
// cannot be saved (Enter shows `requiredMessage` or the generic message, leaving the field cancels),
// an unchanged value just closes. One editor is open at a time: opening another first saves (or
// closes) the open one, which keeps the focus instead if its value is invalid or its save fails.
// After Enter, a click or an escape the focus is back on the value; after a failure it stays in (or
// comes back to) the field. The save and cancel buttons are for the mouse: the keyboard has Enter and
// Escape, and Tab leaves the editor. A select saves on a choice (mouse, its opened list), not on an
// arrow key, which only moves the draft (useChoiceSelect of choice-select.ts).
// `validate` returns a Vietnamese message shown in place; `onSave` may be async: while it runs the
// field shows a pending state (read-only, still focused), and a failure is shown in place (mapped by
// lib/errors/errors.ts).
// Bounds (docs/product.md#input-rules): a text's `maxLength` is the input's attribute and a check
// naming the field ("Họ tên tối đa 100 ký tự"); a number is read strictly (never "abc" or "1e3")
// and its range message names the field ("Giá phải từ 1 ₫ đến 1.000.000.000 ₫" with `money`).
import clsx from 'clsx';
import { lazy, Suspense, type ComponentType } from 'react';
import type { InlineEditProps } from './inline-edit-types.ts';
import { inlineShownValue } from './inline-shown-value.tsx';

export type { InlineEditProps, InlineNumberProps, InlineSelectProps, InlineTextProps } from './inline-edit-types.ts';
export { InlineError } from './inline-error.tsx';

// The editor (inline-edit-field.tsx: drafts, parsing, saving, keyboard, one editor open at a time) is
// a lazy part (docs/architecture.md#lazy-parts): its code is fetched when the first InlineEdit of a
// screen renders, right after the screen's first paint, and used at once from then on. Until it
// arrives the value shows as it will, without its edit button.
const load = () => import('./inline-edit-field.tsx');
let Field: ComponentType<InlineEditProps> | null = null;
const LazyField = lazy(async () => {
  const module = await load();
  Field = module.default;
  return module;
});

/** Fetches the editor's code now (tests; a screen never needs to). */
export async function preloadInlineEdit(): Promise<void> {
  Field = (await load()).default;
}

function Placeholder(props: InlineEditProps) {
  return (
    <span className={clsx('inline-flex max-w-full items-center gap-1.5 rounded px-1 py-0.5', props.className)}>
      <span className="min-w-0 wrap-anywhere">{inlineShownValue(props)}</span>
    </span>
  );
}

export function InlineEdit(props: InlineEditProps) {
  if (Field) return <Field {...props} />;
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <LazyField {...props} />
    </Suspense>
  );
}
