// What a failed save of a service or a package says (docs/screens.md#services,
// docs/screens.md#service-packages): another admin's change, or which edit failed (order,
// visibility, anything else) and why.
import { ConflictError, toVietnameseMessage } from '@/lib/errors.ts';

export interface CatalogueSaveTexts {
  conflict: string;
  orderFailed: string;
  visibilityFailed: string;
  updateFailed: string;
}

export function catalogueSaveError(texts: CatalogueSaveTexts, patch: object, error: unknown): string {
  if (error instanceof ConflictError) return texts.conflict;
  const failed = 'sort_order' in patch ? texts.orderFailed : 'active' in patch ? texts.visibilityFailed : texts.updateFailed;
  return `${failed}. ${toVietnameseMessage(error, { action: 'save' })}`;
}
