// The last editable cells of a catalogue row (a service, a package): its display order (inline,
// a whole number from 0 to 100,000, docs/product.md#input-rules) and its visibility switch. Each
// change is saved at once with `save`.
import { InlineEdit } from '@/components/ui/inline-edit.tsx';
import { parseWholeNumber } from '@/lib/input/input-bounds.ts';
import { validateOrder } from '@/features/catalogue/api/catalogue-rules.ts';
import { VisibilitySwitch } from './visibility-switch.tsx';

export interface OrderVisibilityTexts {
  orderLabel: (name: string) => string;
  visibleOn: (name: string) => string;
  visibleOff: (name: string) => string;
  shown: string;
  hidden: string;
}

export function OrderVisibilityCells({
  row,
  texts,
  save,
}: {
  row: { name: string; sort_order: number; active: boolean };
  texts: OrderVisibilityTexts;
  save: (patch: { sort_order: number } | { active: boolean }) => Promise<void>;
}) {
  return (
    <>
      <td className="px-3 py-2">
        <InlineEdit
          label={texts.orderLabel(row.name)}
          value={String(row.sort_order)}
          validate={(value) => validateOrder(value) ?? undefined}
          inputClassName="w-20"
          maxLength={7}
          onSave={(value) => save({ sort_order: parseWholeNumber(value) ?? row.sort_order })}
        />
      </td>
      <td className="px-3 py-2">
        <VisibilitySwitch
          checked={row.active}
          label={row.active ? texts.visibleOn(row.name) : texts.visibleOff(row.name)}
          onLabel={texts.shown}
          offLabel={texts.hidden}
          onChange={(active) => void save({ active }).catch(() => undefined)}
        />
      </td>
    </>
  );
}
