// A status edited in place: its badge, then on "Sửa" a select of every status of the entity (in
// the catalogue's order), saved on change (InlineEdit's select variant). Customers, providers,
// reviews, promotion codes and deposits use it.
import { InlineEdit } from './inline-edit.tsx';
import { StatusBadge, statusOptions, type StatusEntity } from './status-badge.tsx';

export interface StatusInlineEditProps {
  entity: StatusEntity;
  /** Name of the field for screen readers ("Sửa …"). */
  label: string;
  status: string;
  onSave: (status: string) => Promise<unknown> | unknown;
  /** Width class of the select while editing. */
  inputClassName?: string;
}

export function StatusInlineEdit({ entity, label, status, onSave, inputClassName }: StatusInlineEditProps) {
  return (
    <InlineEdit
      variant="select"
      label={label}
      value={status}
      options={statusOptions(entity)}
      display={<StatusBadge entity={entity} status={status} />}
      {...(inputClassName ? { inputClassName } : {})}
      onSave={onSave}
    />
  );
}
