// "Thêm ngành nghề": the button, and the dialog with its form (react-hook-form), loaded when first
// opened (docs/architecture.md#lazy-parts).
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { lazyDialog } from '@/components/ui/dialog.tsx';
import { professions as t } from '@/lib/messages/professions.ts';

const ProfessionCreateModal = lazyDialog(() => import('./professions-create-modal.tsx').then((module) => module.ProfessionCreateModal));

export function ProfessionsCreateDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t.create.open}
      </Button>
      <ProfessionCreateModal open={open} onOpenChange={setOpen} />
    </>
  );
}
