// "Xóa" for a service, a package or a promotion code (docs/product.md#catalogue-deletion). The button
// is all a screen loads; what it opens (the usage check, the confirmation, the "in use" dialog with
// its "hide instead") arrives with the first click (delete-unused-flow.tsx,
// docs/architecture.md#lazy-parts).
import { Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { lazyPart } from '@/components/ui/lazy-part.tsx';
import type { CatalogueKind } from '@/api/catalogue-usage.ts';
import { deletion as t } from '@/lib/messages/deletion.ts';
import type { DeleteUnusedFlowProps } from './delete-unused-flow.tsx';

const DeleteUnusedFlow = lazyPart(() => import('./delete-unused-flow.tsx').then((module) => module.DeleteUnusedFlow), null);

export type DeleteUnusedButtonProps = Omit<DeleteUnusedFlowProps, 'onDone'> & { kind: CatalogueKind; size?: 'sm' | 'md' };

export function DeleteUnusedButton({ size = 'sm', ...flow }: DeleteUnusedButtonProps) {
  const [open, setOpen] = useState(false);
  const done = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button
        size={size}
        variant="ghost"
        className="text-red-700 hover:bg-red-50"
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        aria-label={t.buttonLabel(t.noun[flow.kind], flow.name)}
        onClick={() => setOpen(true)}
      >
        {t.button}
      </Button>
      {open ? <DeleteUnusedFlow {...flow} onDone={done} /> : null}
    </>
  );
}
