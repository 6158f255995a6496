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
import { lazy, Suspense } from 'react';
import type { InlineEditProps } from './inline-edit-types.ts';
import { inlineShownValue } from './inline-shown-value.tsx';
import { common } from '@/lib/messages/common.ts';

export type { InlineEditProps, InlineNumberProps, InlineSelectProps, InlineTextProps } from './inline-edit-types.ts';
export { InlineError } from './inline-error.tsx';

// The editor (inline-edit-field.tsx: drafts, parsing, saving, keyboard, one editor open at a time) is
// a lazy part (docs/architecture.md#lazy-parts): its code starts loading with this module, beside the
// screen's own, and each InlineEdit shows its value (without its edit button) until it has arrived.
// The tree is always Suspense › lazy field, so the field keeps its state once loaded.
const load = () => import('./inline-edit-field.tsx');
void load().catch(() => undefined);
const LazyField = lazy(load);

function Placeholder(props: InlineEditProps) {
  return (
    <span className={clsx('inline-flex max-w-full items-center gap-1.5 rounded px-1 py-0.5', props.className)}>
      <span className="min-w-0 wrap-anywhere">{inlineShownValue(props)}</span>
      {props.disabled ? null : <span className="size-3.5" aria-hidden="true" />}
      <span className="sr-only">{`(${common.inlineEdit.start(props.label)})`}</span>
    </span>
  );
}

export function InlineEdit(props: InlineEditProps) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <LazyField {...props} />
    </Suspense>
  );
}
