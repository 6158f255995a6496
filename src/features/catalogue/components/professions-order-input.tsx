// The numeric order input of one profession: a whole number from 0 to 100,000, saved when the value
// is committed (Enter, or leaving the field), refused in place otherwise ("abc" and a blank box
// included: a text input, so the browser never turns them into ""); Escape restores it. Enter
// saves once: while a save runs, and until the server's new value arrives, the same value is not
// sent again (the blur that follows Enter would otherwise send it with the old version and meet a
// false "changed by someone else" conflict).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { InlineError } from '@/components/ui/inline-edit.tsx';
import { professions as t } from '@/lib/messages/professions.ts';
import { parseProfessionOrder } from '@/features/catalogue/api/professions-rules.ts';

export interface ProfessionsOrderInputProps {
  name: string;
  value: number;
  disabled?: boolean;
  onSave: (value: number) => Promise<unknown>;
}

export function ProfessionsOrderInput({ name, value, disabled = false, onSave }: ProfessionsOrderInputProps) {
  const errorId = useId();
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The value last sent, and the server's value it was sent over: the same value is not sent again
  // until the server's value has changed.
  const sent = useRef<{ value: number; over: number } | null>(null);

  // A new value from the server (after a save or a reload) replaces the draft.
  if (value !== shown) {
    setShown(value);
    setDraft(String(value));
    setError(null);
  }

  async function commit() {
    const parsed = parseProfessionOrder(draft);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setDraft(String(parsed.value));
    if (parsed.value === value) return;
    if (sent.current !== null && sent.current.value === parsed.value && sent.current.over === value) return;
    sent.current = { value: parsed.value, over: value };
    setSaving(true);
    try {
      await onSave(parsed.value);
    } catch {
      sent.current = null;
      setDraft(String(value));
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      setDraft(String(value));
      setError(null);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <input
        type="text"
        inputMode="numeric"
        maxLength={7}
        aria-label={t.orderLabel(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={draft}
        disabled={disabled || saving}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void commit()}
        className={`h-9 w-24 rounded-md border bg-white px-2 text-sm tabular-nums focus:outline-2 focus:outline-teal-600 ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      <InlineError id={errorId} error={error} />
    </div>
  );
}
