// The in-place editors of a promotion code's fields, the same in the list
// (docs/screens.md#promotion-codes) and on the detail page (docs/screens.md#promotion-code-detail):
// the code (upper-cased, checked), the value (percentage or amount, by the code's type), the expiry
// (a Vietnam date and time, typed or picked as dd/mm/yyyy hh:mm) and the status. Each saves one field with `save`; the screen gives the
// label, what is shown while not editing and the input's width.
import { lazy, Suspense, type ReactNode } from 'react';
import { formatDateForField, parseTypedDate } from '@/components/ui/date-text.ts';
import { InlineEdit } from '@/components/ui/inline-edit.tsx';
import { StatusInlineEdit } from '@/components/ui/status-inline-edit.tsx';
import { parseVietnamDateTime, toVietnamDateTimeInput } from '@/lib/format/format.ts';
import { dateField } from '@/lib/messages/date-field.ts';
import { promotions as promotionTexts } from '@/lib/messages/promotions.ts';
import {
  CODE_INPUT_MAX,
  normalizeCode,
  parseDiscountValue,
  validateCode,
  validateDiscountValue,
  validateFutureExpiry,
} from '@/features/promotions/api/promotion-rules.ts';
import type { PromotionRow } from '@/features/promotions/api/promotion-types.ts';
import type { PromotionPatch } from '@/features/promotions/api/promotion-update-mutation.ts';
import { formatDiscountValue } from './format-discount.ts';

interface FieldEditorProps {
  row: PromotionRow;
  label: string;
  save: (patch: PromotionPatch) => Promise<void>;
  inputClassName?: string;
}

/** `inputClassName` only when given (InlineEdit's own default otherwise). */
const width = (inputClassName: string | undefined) => (inputClassName ? { inputClassName } : {});

export function CodeEditor({ row, label, save, inputClassName, display }: FieldEditorProps & { display: ReactNode }) {
  return (
    <InlineEdit
      label={label}
      value={row.code}
      display={display}
      transform={normalizeCode}
      requiredMessage={promotionTexts.codeRequired}
      validate={validateCode}
      maxLength={CODE_INPUT_MAX}
      {...width(inputClassName)}
      onSave={(code) => save({ code })}
    />
  );
}

export function DiscountValueEditor({ row, label, save, inputClassName }: FieldEditorProps) {
  return (
    <InlineEdit
      label={label}
      value={String(Number(row.discount_value))}
      display={formatDiscountValue(row)}
      validate={(value) => validateDiscountValue(value, row.discount_type) ?? undefined}
      {...width(inputClassName)}
      maxLength={13}
      onSave={(value) => save({ discount_value: parseDiscountValue(value, row.discount_type) ?? Number(row.discount_value) })}
    />
  );
}

/** An expiry typed alone as a day ends that day. */
const EXPIRY_DEFAULT_TIME = '23:59';

/** The expiry as typed: dd/mm/yyyy hh:mm (24-hour), whatever the browser's language. */
const EXPIRY_FORMAT = {
  show: (value: string) => formatDateForField(value, true),
  parse: (text: string) => parseTypedDate(text, true, EXPIRY_DEFAULT_TIME),
  invalid: dateField.invalidTime,
};

// The calendar button loads with the editor, not with the screen (docs/architecture.md#lazy-parts).
const CalendarButton = lazy(() => import('@/components/ui/date-field.tsx').then((module) => ({ default: module.CalendarButton })));

/** The calendar beside the expiry being edited: a day picked keeps the typed time. */
function ExpiryCalendar({ draft, onDraft }: { draft: string; onDraft: (text: string) => void }) {
  const current = parseTypedDate(draft, true, EXPIRY_DEFAULT_TIME);
  return (
    <Suspense fallback={null}>
      <CalendarButton
        label={promotionTexts.form.expiresAt}
        value={current?.slice(0, 10) ?? ''}
        onPick={(day) => onDraft(formatDateForField(`${day}T${current?.slice(11, 16) ?? EXPIRY_DEFAULT_TIME}`, true))}
      />
    </Suspense>
  );
}

/** `invalid`: the message for a date and time that cannot be read. */
export function ExpiryEditor({ row, label, save, inputClassName, display, invalid }: FieldEditorProps & { display: ReactNode; invalid: string }) {
  return (
    <InlineEdit
      label={label}
      value={toVietnamDateTimeInput(row.expires_at)}
      textFormat={EXPIRY_FORMAT}
      adornment={ExpiryCalendar}
      display={display}
      validate={(value) => {
        const date = parseVietnamDateTime(value);
        if (date === null) return invalid;
        // A new expiry lies in the future (the database refuses a past one); an unchanged one just closes.
        return value === toVietnamDateTimeInput(row.expires_at) ? undefined : (validateFutureExpiry(date) ?? undefined);
      }}
      {...width(inputClassName)}
      onSave={(value) => {
        const date = parseVietnamDateTime(value);
        if (date === null) throw new Error(invalid);
        return save({ expires_at: date.toISOString() });
      }}
    />
  );
}

export function StatusEditor({ row, label, save, inputClassName }: FieldEditorProps) {
  return (
    <StatusInlineEdit
      entity="discountCode"
      label={label}
      status={row.status}
      {...width(inputClassName)}
      onSave={(value) => save({ status: value === 'inactive' ? 'inactive' : 'active' })}
    />
  );
}
