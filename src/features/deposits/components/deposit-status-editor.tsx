// The status cell of a deposit row: an inline select whose change first states its effect on the
// provider (balance, status) in a confirmation dialog; nothing is written until the admin confirms,
// and cancelling leaves the row as it was.
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { StatusInlineEdit } from '@/components/ui/status-inline-edit.tsx';
import { formatVnd } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { readStatusEdit, type DepositStatus } from '@/features/deposits/api/deposit-rules.ts';
import { depositStatusEffect } from '@/features/deposits/api/deposit-status-effect.ts';
import { fetchDepositStatusEffectInputs } from '@/features/deposits/api/deposit-status-effect-query.ts';
import type { DepositRow } from '@/features/deposits/api/deposit-types.ts';

interface Question {
  to: DepositStatus;
  lines: string[];
}

function effectLines(row: DepositRow, to: DepositStatus, inputs: Awaited<ReturnType<typeof fetchDepositStatusEffectInputs>>): string[] {
  const c = t.statusConfirm;
  const effect = depositStatusEffect(row.status, to, inputs);
  const name = inputs.providerName;
  const lines = [c.intro(statusLabel('deposit', row.status), statusLabel('deposit', to), formatVnd(row.amount))];
  lines.push(
    effect.balanceAfter === effect.balanceBefore
      ? c.balanceUnchanged(name, formatVnd(effect.balanceBefore))
      : c.balance(name, formatVnd(effect.balanceBefore), formatVnd(effect.balanceAfter)),
  );
  if (effect.status) lines.push(c.providerStatus(name, statusLabel('provider', effect.status.before), statusLabel('provider', effect.status.after)));
  return lines;
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
          let inputs;
          try {
            inputs = await fetchDepositStatusEffectInputs(row);
          } catch {
            throw new Error(t.statusConfirm.computeFailed);
          }
          if (await ask({ to: edit.value, lines: effectLines(row, edit.value, inputs) })) await onSave(edit.value);
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
