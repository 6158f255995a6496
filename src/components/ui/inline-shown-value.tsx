// What an InlineEdit shows when not editing, shared by its placeholder (inline-edit.tsx) and its editor.
import type { InlineEditProps } from './inline-edit-types.ts';

/** The value as InlineEdit shows it when not editing. */
export function inlineShownValue(props: InlineEditProps) {
  if (props.display !== undefined && props.display !== null) return props.display;
  if (props.value === null || props.value === undefined || props.value === '') return <span className="text-slate-500">—</span>;
  if (props.variant === 'select') return props.options.find((option) => option.value === props.value)?.label ?? props.value;
  return String(props.value);
}
