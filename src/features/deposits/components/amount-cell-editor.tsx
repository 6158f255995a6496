// Inline editor of a deposit amount / balance (docs/screens.md#deposit-history): click or the pencil starts, Enter or
// leaving the field saves, Escape cancels; an empty or unchanged value just cancels (unlike the
// shared InlineEdit, where an empty Enter is an error); a negative or non-numeric value shows the
// catalogue's message in place (a value off the 1,000 VND step included). Amounts may be typed with
// Vietnamese thousand separators (1.500.000). With `confirm`, a valid new value is first put to the
// admin (old → new, its effect on the balance): when they decline, the editor closes on the old
// value and nothing is sent.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { InlineError } from '@/components/ui/inline-edit.tsx';
import { PencilMark } from '@/components/ui/pencil-mark.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { formatVnd } from '@/lib/format/format.ts';
import { common } from '@/lib/messages/common.ts';
import { readAmountEdit } from '@/features/deposits/api/deposit-rules.ts';

export interface AmountCellEditorProps {
  label: string;
  value: number | null;
  onSave: (value: number) => Promise<unknown>;
  /** Asked before saving a valid new value; false cancels the edit (nothing is sent). May throw a message to show. */
  confirm?: (value: number) => Promise<boolean>;
  /** The field's name in step and range messages ("Số tiền", "Số dư cũ"). */
  field?: string;
  disabled?: boolean;
}

export function AmountCellEditor({ label, value, onSave, confirm, field, disabled = false }: AmountCellEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // Set while a confirmation or a save runs: the blur of the input as a dialog opens must not commit twice.
  const busy = useRef(false);
  const errorId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.select();
    else if (refocus.current) {
      refocus.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  function close(keepFocus: boolean) {
    refocus.current = keepFocus;
    setEditing(false);
    setError(null);
  }

  async function commit(keepFocus: boolean) {
    if (pending || busy.current) return;
    const edit = readAmountEdit(draft, value ?? -1, field);
    if (edit.kind === 'cancel') {
      close(keepFocus);
      return;
    }
    if (edit.kind === 'invalid') {
      setError(edit.message);
      return;
    }
    setPending(true);
    busy.current = true;
    try {
      if (confirm && !(await confirm(edit.value))) {
        close(true);
        return;
      }
      await onSave(edit.value);
      close(keepFocus);
    } catch (saveError) {
      setError(toVietnameseMessage(saveError, { action: 'save' }));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!pending) close(true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void commit(true);
    }
  }

  if (!editing) {
    return (
      <button
        ref={buttonRef}
        type="button"
        disabled={disabled}
        onClick={() => {
          setDraft(value === null ? '' : String(value));
          setError(null);
          setEditing(true);
        }}
        className="group inline-flex items-center gap-1.5 rounded px-1 py-0.5 tabular-nums hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:hover:bg-transparent"
      >
        <span>{value === null ? <span className="text-slate-600">—</span> : formatVnd(value)}</span>
        {disabled ? null : <PencilMark className="size-3.5 text-slate-400 group-hover:text-teal-700" />}
        <span className="sr-only">{`(${common.inlineEdit.start(label)})`}</span>
      </button>
    );
  }

  return (
    <div className="inline-flex flex-col gap-1">
      <div className="inline-flex items-center gap-1">
        <input
          ref={inputRef}
          aria-label={label}
          inputMode="numeric"
          value={draft}
          disabled={pending}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (error === null) void commit(false);
          }}
          className="h-8 w-32 rounded border border-slate-300 px-2 text-right text-sm tabular-nums focus:outline-2 focus:outline-teal-600 aria-invalid:border-red-600"
        />
        {pending ? <Spinner className="size-4" /> : null}
      </div>
      <InlineError id={errorId} error={error} className="max-w-48" />
    </div>
  );
}
