// The editor of InlineEdit (inline-edit.tsx), loaded after the first paint of a screen that
// edits in place: see inline-edit.tsx for what it does.
import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { formatNumber } from '@/lib/format/format.ts';
import { parseDecimalInput, parseWholeNumber } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { common } from '@/lib/messages/common.ts';
import { useChoiceSelect } from './choice-select.ts';
import { PencilMark } from './pencil-mark.tsx';
import { Spinner } from './spinner.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';

import type { InlineEditProps, InlineNumberProps, SaveResult } from './inline-edit-types.ts';
import { InlineError } from './inline-error.tsx';
import { inlineShownValue } from './inline-shown-value.tsx';

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

export default function InlineEditField(props: InlineEditProps) {
  const { label, disabled = false, className, inputClassName } = props;
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
    const shown = inlineShownValue(props);
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
