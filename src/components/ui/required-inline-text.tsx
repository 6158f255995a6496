// The shared InlineEdit for a text value that must not be blank, with the field's own message
// ('Tên không được để trống', 'Tên dịch vụ không được để trống', …; docs/product.md#input-rules) instead
// of the generic one: Enter on an empty value shows `requiredMessage` in place (linked to the input
// by aria-describedby); the save button is disabled while empty and leaving the field cancels.
// Everything else (validate, pending state, save errors) is InlineEdit's behaviour.
import { InlineEdit, type InlineTextProps } from './inline-edit.tsx';

export type RequiredInlineTextProps = InlineTextProps & { requiredMessage: string };

export function RequiredInlineText(props: RequiredInlineTextProps) {
  return <InlineEdit {...props} />;
}
