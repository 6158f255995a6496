// Status → Vietnamese label and colour, per entity (docs/decisions.md#statuses-live-in-the-database). Labels come from the catalogue.
import clsx from 'clsx';
import { common } from '@/lib/messages/common.ts';

type Tone = 'gray' | 'yellow' | 'blue' | 'green' | 'red' | 'purple';

const toneClass: Record<Tone, string> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-300',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-300',
  blue: 'bg-sky-50 text-sky-800 ring-sky-300',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  red: 'bg-red-50 text-red-800 ring-red-300',
  purple: 'bg-violet-50 text-violet-800 ring-violet-300',
};

const statusTones = {
  booking: { pending: 'yellow', confirmed: 'blue', pending_completion: 'purple', completed: 'green', cancelled: 'red' },
  provider: { inactive: 'gray', pending_approval: 'yellow', active: 'green', banned: 'red' },
  customer: { active: 'green', inactive: 'gray', banned: 'red', pending_approval: 'yellow' },
  review: { active: 'green', inactive: 'gray' },
  discountCode: { active: 'green', inactive: 'gray' },
  deposit: { pending: 'yellow', completed: 'green', canceled: 'red' },
  conversation: { active: 'green', completed: 'gray' },
  visibility: { active: 'green', inactive: 'gray' },
} as const satisfies Record<string, Record<string, Tone>>;

export type StatusEntity = keyof typeof statusTones;

/** Vietnamese label of a status value, e.g. statusLabel('customer', 'inactive') → 'Tạm dừng'. */
export function statusLabel(entity: StatusEntity, status: string): string {
  const labels = common.statuses[entity] as Record<string, string>;
  return labels[status] ?? common.statuses.unknown(status);
}

/** Options for a status <select>, in the order of the catalogue. */
export function statusOptions(entity: StatusEntity): { value: string; label: string }[] {
  return Object.entries(common.statuses[entity] as Record<string, string>).map(([value, label]) => ({ value, label }));
}

export function StatusBadge({ entity, status, className }: { entity: StatusEntity; status: string; className?: string }) {
  const tones = statusTones[entity] as Record<string, Tone>;
  const tone = tones[status] ?? 'gray';
  return (
    <span
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        toneClass[tone],
        className,
      )}
    >
      {statusLabel(entity, status)}
    </span>
  );
}
