// The shared InlineEdit for a text value that must not be blank, with the field's own message
// (spec 01 §5 'Tên không được để trống', spec 02 §5 'Tên dịch vụ không được để trống', …) instead
// of the generic one: Enter on an empty value shows `requiredMessage` in place (linked to the input
// by aria-describedby); the save button is disabled while empty and leaving the field cancels.
// Everything else (validate, pending state, save errors) is InlineEdit's behaviour.
import { InlineEdit, type InlineTextProps } from './inline-edit.tsx';

export type RequiredInlineTextProps = InlineTextProps & { requiredMessage: string };

export function RequiredInlineText(props: RequiredInlineTextProps) {
  return <InlineEdit {...props} />;
}
