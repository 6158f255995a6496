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
import { Check, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { formatNumber } from '@/lib/format/format.ts';
import { parseDecimalInput, parseWholeNumber } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { common } from '@/lib/messages/common.ts';
import { useChoiceSelect } from './choice-select.ts';
import type { SelectOption } from './form-controls.tsx';
import { PencilMark } from './pencil-mark.tsx';
import { Spinner } from './spinner.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';

type SaveResult = Promise<unknown> | unknown;

interface BaseProps {
  /** Name of the value for screen readers, e.g. 'tên' → "Sửa tên". */
  label: string;
  /** What to show when not editing; defaults to the value (or '—'). */
  display?: ReactNode;
  disabled?: boolean;
  className?: string;
  /** Width class of the input while editing. */
  inputClassName?: string;
  /** The field's own message for Enter on an empty value (wording of the catalogue); defaults to the generic one. */
  requiredMessage?: string;
}

export interface InlineTextProps extends BaseProps {
  variant?: 'text';
  value: string | null | undefined;
  onSave: (value: string) => SaveResult;
  validate?: (value: string) => string | undefined;
  /** Applied after trimming, e.g. (v) => v.toUpperCase() for promotion codes. */
  transform?: (value: string) => string;
  inputType?: 'text' | 'email' | 'tel' | 'url';
  /**
   * The value as typed and back, e.g. an ISO date and time as dd/mm/yyyy hh:mm (components/ui/date-field.tsx):
   * `parse` gives null for text that is not a value, and `invalid` says what is wrong with it.
   */
  textFormat?: { show: (value: string) => string; parse: (text: string) => string | null; invalid: (text: string) => string };
  /** Beside the input while editing, e.g. a calendar button (a module-level component); `onDraft` replaces the typed text. */
  adornment?: ComponentType<{ draft: string; onDraft: (text: string) => void }>;
  placeholder?: string;
  /** Longest value in characters (the database's bound, src/lib/input/input-bounds.ts). */
  maxLength?: number;
}

export interface InlineNumberProps extends BaseProps {
  variant: 'number';
  value: number | null | undefined;
  onSave: (value: number) => SaveResult;
  validate?: (value: number) => string | undefined;
  min?: number;
  max?: number;
  step?: number;
  /** Only whole numbers are accepted. */
  integer?: boolean;
  /** The value is VND: the range message shows ₫. */
  money?: boolean;
}

export interface InlineSelectProps extends BaseProps {
  variant: 'select';
  value: string;
  options: readonly SelectOption[];
  onSave: (value: string) => SaveResult;
}

export type InlineEditProps = InlineTextProps | InlineNumberProps | InlineSelectProps;

function initialDraft(props: InlineEditProps): string {
  if (props.value === null || props.value === undefined) return '';
  return String(props.value);
}

/** The text the input starts with: the value, as typed (`textFormat`). */
function startDraft(props: InlineEditProps): string {
  const value = initialDraft(props);
  return props.variant !== 'select' && props.variant !== 'number' && props.textFormat && value !== '' ? props.textFormat.show(value) : value;
}

type Parsed = { ok: true; value: string | number } | { ok: false; message: string };

/** The label as the start of a sentence: 'hoa hồng' → 'Hoa hồng'. */
function fieldName(label: string): string {
  return label.charAt(0).toLocaleUpperCase('vi') + label.slice(1);
}

function rangeMessage(props: InlineNumberProps): string {
  const field = fieldName(props.label);
  const { min, max } = props;
  if (min !== undefined && max !== undefined) {
    if (props.money === true) return bounds.moneyRange(field, min, max);
    if (props.integer === true) return bounds.numberRange(field, min, max);
    return `${field} phải từ ${formatNumber(min)} đến ${formatNumber(max)}`;
  }
  return min !== undefined
    ? `${field} phải lớn hơn hoặc bằng ${formatNumber(min)}`
    : `${field} phải nhỏ hơn hoặc bằng ${formatNumber(max)}`;
}

function parseDraft(props: InlineEditProps, trimmed: string): Parsed {
  if (props.variant === 'number') {
    const value = props.integer === true ? parseWholeNumber(trimmed) : parseDecimalInput(trimmed);
    if (value === null) {
      // A negative number is out of range rather than "not a number".
      const negative = /^-\d+([.,]\d+)?$/.test(trimmed) && props.min !== undefined && props.min >= 0;
      return { ok: false, message: negative ? rangeMessage(props) : common.inlineEdit.notNumber };
    }
    if ((props.min !== undefined && value < props.min) || (props.max !== undefined && value > props.max)) {
      return { ok: false, message: rangeMessage(props) };
    }
    const message = props.validate?.(value);
    return message ? { ok: false, message } : { ok: true, value };
  }
  if (props.variant === 'select') return { ok: true, value: trimmed };
  let text = trimmed;
  if (props.textFormat) {
    const read = props.textFormat.parse(trimmed);
    if (read === null) return { ok: false, message: props.textFormat.invalid(trimmed) };
    text = read;
  }
  const value = props.transform ? props.transform(text) : text;
  if (props.maxLength !== undefined && [...value].length > props.maxLength) {
    return { ok: false, message: bounds.tooLong(fieldName(props.label), props.maxLength) };
  }
  const message = props.validate?.(value);
  return message ? { ok: false, message } : { ok: true, value };
}

/** The one open editor of the page (docs/screens.md#keyboard): opening another first closes it. */
interface OpenEditor {
  /** Saves (or drops an empty / unchanged draft) and closes; false when it stays open (invalid value, failed save). */
  close: () => Promise<boolean>;
}
const registry: { open: OpenEditor | null } = { open: null };
const openEditor = () => registry.open;
function setOpenEditor(editor: OpenEditor | null) {
  registry.open = editor;
}

type CommitSource = 'enter' | 'blur' | 'button' | 'change' | 'switch';

export function InlineEdit(props: InlineEditProps) {
  const { label, display, disabled = false, className, inputClassName } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  // What handlers called from elsewhere (another editor opening, a timer) must read fresh.
  const live = useRef({ draft: '', editing: false, inFlight: null as Promise<boolean> | null, props });
  const self = useRef<OpenEditor | null>(null);
  const choice = useChoiceSelect();
  const errorId = useId();
  // An open editor whose value differs from the saved one (not while it is being saved): leaving
  // the page asks first (unsaved-changes.tsx).
  useUnsavedChanges(editing && !pending && draft.trim() !== startDraft(props));

  useEffect(() => {
    live.current.props = props;
  });

  useEffect(() => {
    if (editing) {
      const input = inputRef.current;
      input?.focus();
      if (input instanceof HTMLInputElement) input.select();
    } else if (restoreFocus.current) {
      restoreFocus.current = false;
      startRef.current?.focus();
    }
  }, [editing]);

  // An editor removed while open (its row reloaded, another page) is no longer the open one.
  useEffect(
    () => () => {
      if (openEditor() !== null && openEditor() === self.current) setOpenEditor(null);
    },
    [],
  );

  function updateDraft(value: string) {
    live.current.draft = value;
    setDraft(value);
  }

  async function start() {
    if (disabled || live.current.editing) return;
    // One editor at a time: the open one saves and closes first; if it cannot (an invalid value, a
    // failed save) it keeps the focus and this one stays closed.
    const other = openEditor();
    if (other !== null && other !== self.current && !(await other.close())) return;
    self.current = { close: () => live.current.inFlight ?? commit(live.current.draft, 'switch') };
    setOpenEditor(self.current);
    live.current.editing = true;
    updateDraft(startDraft(live.current.props));
    setError(undefined);
    setEditing(true);
  }

  function finish(keepFocus: boolean) {
    if (openEditor() === self.current) setOpenEditor(null);
    live.current.editing = false;
    restoreFocus.current = keepFocus;
    setEditing(false);
    setError(undefined);
  }

  /** Focus back on the field after a failure, unless the admin already put it somewhere on purpose. */
  function focusAfterFailure(source: CommitSource) {
    const active = document.activeElement;
    if (source !== 'blur' || active === null || active === document.body) inputRef.current?.focus();
  }

  function commit(raw: string, source: CommitSource): Promise<boolean> {
    if (!live.current.editing) return Promise.resolve(true);
    if (live.current.inFlight) return live.current.inFlight;
    const current = live.current.props;
    const trimmed = raw.trim();
    if (trimmed === '') {
      if (source === 'blur' || source === 'switch') {
        finish(false);
        return Promise.resolve(true);
      }
      setError(current.requiredMessage ?? common.inlineEdit.required);
      return Promise.resolve(false);
    }
    const parsed = parseDraft(current, trimmed);
    if (!parsed.ok) {
      setError(parsed.message);
      focusAfterFailure(source);
      return Promise.resolve(false);
    }
    if (String(parsed.value) === initialDraft(current)) {
      finish(source !== 'blur' && source !== 'switch');
      return Promise.resolve(true);
    }
    setPending(true);
    setError(undefined);
    const saving = (async () => {
      try {
        // The three variants share one body; the parsed value has the variant's type.
        await (current.onSave as (value: string | number) => SaveResult)(parsed.value);
        setPending(false);
        // After Enter, a click or a choice the focus goes back to the value; after leaving, it stays where it went.
        finish(source !== 'blur' && source !== 'switch');
        return true;
      } catch (saveError) {
        setPending(false);
        setError(toVietnameseMessage(saveError, { action: 'save' }));
        focusAfterFailure(source);
        return false;
      } finally {
        live.current.inFlight = null;
      }
    })();
    live.current.inFlight = saving;
    return saving;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) {
    if (props.variant === 'select') choice.onKeyDown(event as KeyboardEvent<HTMLSelectElement>);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!pending) finish(true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // A select's Enter may also close its opened list and fire `change`: read its value after that.
      if (props.variant === 'select') setTimeout(() => void commit(live.current.draft, 'enter'), 0);
      else void commit(draft, 'enter');
    }
  }

  // On the editor's box: the focus leaving the input, the select or the adornment (not moving between them).
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && containerRef.current?.contains(next)) return;
    // Focus taken by a dialog (the "leave with unsaved changes?" question, a confirmation) is not
    // leaving the field: the dialog gives it back when it closes, and the draft waits for it.
    if (next instanceof Element && next.closest('[role="alertdialog"], [role="dialog"]')) return;
    if (pending || error !== undefined) return;
    // Leaving the field (Tab, Shift+Tab, a click elsewhere) saves it.
    void commit(draft, 'blur');
  }

  if (!editing) {
    const shown =
      display ??
      (props.value === null || props.value === undefined || props.value === '' ? (
        <span className="text-slate-400">—</span>
      ) : props.variant === 'select' ? (
        (props.options.find((option) => option.value === props.value)?.label ?? props.value)
      ) : (
        String(props.value)
      ));
    return (
      <button
        ref={startRef}
        type="button"
        onClick={() => void start()}
        disabled={disabled}
        title={common.inlineEdit.start(label)}
        className={clsx(
          'group inline-flex max-w-full items-center gap-1.5 rounded px-1 py-0.5 text-left',
          'hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:cursor-default disabled:hover:bg-transparent',
          className,
        )}
      >
        <span className="min-w-0 wrap-anywhere">{shown}</span>
        {disabled ? null : (
          <PencilMark className="size-3.5 text-slate-400 group-hover:text-teal-700" />
        )}
        <span className="sr-only">{`(${common.inlineEdit.start(label)})`}</span>
      </button>
    );
  }

  const empty = draft.trim() === '';
  const controlClass = clsx(
    'h-8 rounded border bg-white px-2 text-sm focus:outline-2 focus:outline-teal-600',
    error ? 'border-red-600' : 'border-slate-300',
    inputClassName ?? 'w-48',
  );
  const preventBlur = (event: { preventDefault: () => void }) => event.preventDefault();
  const Adornment = props.variant !== 'select' && props.variant !== 'number' ? props.adornment : undefined;
  const onAdornmentDraft = (text: string) => {
    updateDraft(text);
    setError(undefined);
  };

  return (
    <div ref={containerRef} onBlur={onBlur} className={clsx('inline-flex flex-col gap-1', className)}>
      <div className="inline-flex items-center gap-1">
        {props.variant === 'select' ? (
          <select
            ref={inputRef}
            aria-label={label}
            value={draft}
            aria-disabled={pending ? true : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              if (pending) return;
              updateDraft(event.target.value);
              if (error) setError(undefined);
              // An arrow key only moves the draft (Enter or leaving saves it); a choice saves at once.
              if (choice.isChoice()) void commit(event.target.value, 'change');
            }}
            onKeyDown={onKeyDown}
            onKeyUp={choice.onKeyUp}
            className={controlClass}
          >
            {props.options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <span className="relative inline-flex">
            <input
              ref={inputRef}
              aria-label={label}
              type={props.variant === 'number' ? 'text' : (props.inputType ?? 'text')}
              inputMode={props.variant === 'number' ? 'decimal' : undefined}
              value={draft}
              placeholder={props.variant === 'number' ? undefined : props.placeholder}
              maxLength={props.variant === 'number' ? undefined : props.maxLength}
              readOnly={pending}
              aria-busy={pending ? true : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                updateDraft(event.target.value);
                if (error) setError(undefined);
              }}
              onKeyDown={onKeyDown}
              className={Adornment ? clsx(controlClass, 'pr-10') : controlClass}
            />
            {Adornment ? <Adornment draft={draft} onDraft={onAdornmentDraft} /> : null}
          </span>
        )}
        {props.variant === 'select' ? null : (
          <button
            type="button"
            tabIndex={-1}
            onMouseDown={preventBlur}
            onClick={() => void commit(draft, 'button')}
            disabled={empty || pending}
            aria-label={common.actions.save}
            title={common.actions.save}
            className="inline-flex size-8 items-center justify-center rounded text-emerald-700 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {pending ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden="true" />}
          </button>
        )}
        <button
          type="button"
          tabIndex={-1}
          onMouseDown={preventBlur}
          onClick={() => finish(true)}
          disabled={pending}
          aria-label={common.actions.cancel}
          title={common.actions.cancel}
          className="inline-flex size-8 items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-40"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {/* Announced, not shown: the save button's spinner shows it, and a line added under the field
          would move the rows below between a press and its release (a click on the next editor lost). */}
      {pending ? (
        <span role="status" className="sr-only">
          {common.actions.saving}
        </span>
      ) : null}
      <InlineError id={errorId} error={error} />
    </div>
  );
}

/**
 * The message under an input edited in place (InlineEdit, the profession order and name, a deposit
 * amount): small red text, announced at once (role="alert"), nothing while there is no error. Give
 * the input `aria-describedby={id}` to tie the two.
 */
export function InlineError({ id, error, className }: { id?: string; error: string | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <span id={id} role="alert" className={clsx('text-xs text-red-700', className)}>
      {error}
    </span>
  );
}
