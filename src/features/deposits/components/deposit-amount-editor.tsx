// An amount cell of a deposit row (amount, old balance, new balance): the inline editor, whose
// valid new value is first put to the admin in a confirmation stating old → new and what it does to
// the provider's balance, read fresh (docs/product.md#deposits-and-balances). Cancel leaves the row
// as it was and sends nothing.
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { deposits as t } from '@/lib/messages/deposits.ts';
import type { DepositAmountField } from '@/features/deposits/api/deposit-amount-effect.ts';
import type { DepositRow } from '@/features/deposits/api/deposit-types.ts';
import { AmountCellEditor } from './amount-cell-editor.tsx';

interface Question {
  field: string;
  lines: string[];
}

const c = t.amountConfirm;

export function DepositAmountEditor({
  row,
  field,
  header,
  label,
  onSave,
}: {
  row: DepositRow;
  field: DepositAmountField;
  /** The column's name ("Số tiền", "Số dư cũ"), in messages and in the dialog. */
  header: string;
  label: string;
  onSave: (value: number) => Promise<unknown>;
}) {
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const reply = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setQuestion(null);
  };

  return (
    <>
      <AmountCellEditor
        label={label}
        field={header}
        value={row[field]}
        onSave={onSave}
        confirm={async (next) => {
          // The effect's code arrives with the first edit (docs/architecture.md#lazy-parts).
          const { amountEffectLines } = await import('./deposit-amount-confirm.ts');
          const lines = await amountEffectLines(row, field, header, next);
          return new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setQuestion({ field: header, lines });
          });
        }}
      />
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => {
          if (!open) reply(false);
        }}
        title={question ? c.title(question.field) : ''}
        description={question?.lines.map((line) => (
          <span key={line} className="mt-1 block first:mt-0" data-testid="amount-effect">
            {line}
          </span>
        ))}
        confirmLabel={c.confirm}
        onConfirm={() => reply(true)}
      />
    </>
  );
}
