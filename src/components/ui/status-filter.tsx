// "Trạng thái" of a list's filters: a SelectFilter of every status of an entity (in the catalogue's
// order, status-badge.tsx), first "all". Apart from filter-bar.tsx so that lists without a status
// filter do not load the status catalogue.
import { SelectFilter } from './filter-bar.tsx';
import { statusOptions, type StatusEntity } from './status-badge.tsx';

export interface StatusFilterProps {
  /** Whose statuses are offered (every one of the catalogue, in its order). */
  entity: StatusEntity;
  texts: { status: string; allStatuses: string };
  value: string;
  onChange: (value: string) => void;
}

export function StatusFilter({ entity, texts, value, onChange }: StatusFilterProps) {
  return <SelectFilter label={texts.status} value={value} allLabel={texts.allStatuses} options={statusOptions(entity)} onChange={onChange} />;
}
