// The props of InlineEdit (inline-edit.tsx) and its editor (inline-edit-field.tsx).
import type { ComponentType, ReactNode } from 'react';
import type { SelectOption } from './form-controls.tsx';

export type SaveResult = Promise<unknown> | unknown;

export interface BaseProps {
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
