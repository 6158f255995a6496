// The status cell of a deposit row: an inline select whose change first states its effect on the
// provider (balance, status) in a confirmation dialog; nothing is written until the admin confirms,
// and cancelling leaves the row as it was. The effect's computation and its reads load with the first
// change (a lazy part, docs/architecture.md#lazy-parts).
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { StatusInlineEdit } from '@/components/ui/status-inline-edit.tsx';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { readStatusEdit, type DepositStatus } from '@/features/deposits/api/deposit-rules.ts';
import type { DepositRow } from '@/features/deposits/api/deposit-types.ts';

interface Question {
  to: DepositStatus;
  lines: string[];
}

export function DepositStatusEditor({ row, label, onSave }: { row: DepositRow; label: string; onSave: (status: DepositStatus) => Promise<void> }) {
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = (next: Question) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setQuestion(next);
    });
  const reply = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setQuestion(null);
  };

  return (
    <>
      <StatusInlineEdit
        entity="deposit"
        label={label}
        status={row.status}
        inputClassName="w-36"
        onSave={async (value) => {
          const edit = readStatusEdit(value, row.status);
          if (edit.kind === 'invalid') throw new Error(edit.message);
          if (edit.kind !== 'save') return;
          let lines;
          try {
            lines = await (await import('@/features/deposits/api/deposit-status-effect-lines.ts')).depositStatusEffectLines(row, edit.value);
          } catch {
            throw new Error(t.statusConfirm.computeFailed);
          }
          if (await ask({ to: edit.value, lines })) await onSave(edit.value);
        }}
      />
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => {
          if (!open) reply(false);
        }}
        title={question ? t.statusConfirm.title(statusLabel('deposit', question.to)) : ''}
        description={question?.lines.map((line) => (
          <span key={line} className="mt-1 block first:mt-0" data-testid="status-effect">
            {line}
          </span>
        ))}
        confirmLabel={t.statusConfirm.confirm}
        onConfirm={() => reply(true)}
      />
    </>
  );
}
