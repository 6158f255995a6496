// A white card of a detail screen: a <section> named by its h2 title, with an optional action
// (e.g. an edit toggle) beside the title.
import clsx from 'clsx';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export interface SectionCardProps {
  /** The h2's id, which names the section for assistive technology. */
  titleId: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}

export function SectionCard({ titleId, title, action, children }: SectionCardProps) {
  const heading = (
    <h2 id={titleId} className={clsx('text-base font-semibold text-slate-900', !action && 'mb-3')}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {action ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** "Chỉnh sửa" / "Xong" of a card whose rows can be edited in place: pressed while editing. */
export function EditToggleButton({ editing, onToggle, texts }: { editing: boolean; onToggle: () => void; texts: { edit: string; done: string } }) {
  return (
    <Button
      variant={editing ? 'primary' : 'secondary'}
      size="sm"
      icon={editing ? undefined : <Pencil className="size-4" aria-hidden="true" />}
      onClick={onToggle}
      aria-pressed={editing}
    >
      {editing ? texts.done : texts.edit}
    </Button>
  );
}
