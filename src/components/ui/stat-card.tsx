import clsx from 'clsx';
import type { ReactNode } from 'react';

export type StatTone = 'default' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<StatTone, string> = {
  default: 'border-slate-200',
  success: 'border-emerald-300',
  warning: 'border-amber-300',
  danger: 'border-red-300',
  info: 'border-sky-300',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Secondary line, e.g. '12 giao dịch'. */
  hint?: ReactNode;
  icon?: ReactNode;
  tone?: StatTone;
  className?: string;
}

/**
 * "12.345.000 ₫": the last digit group and "₫" are kept together, so a narrow card (two a row at
 * 375 px) may wrap the number but never leaves "₫" alone on a line.
 */
function keepCurrencyTogether(value: ReactNode): ReactNode {
  if (typeof value !== 'string') return value;
  const match = /^(.*?)(\d+\s*₫)$/u.exec(value);
  if (!match) return value;
  return (
    <>
      {match[1]}
      <span className="whitespace-nowrap">{match[2]}</span>
    </>
  );
}

export function StatCard({ label, value, hint, icon, tone = 'default', className }: StatCardProps) {
  return (
    <section className={clsx('@container rounded-lg border-l-4 border bg-white p-4 shadow-sm', tones[tone], className)}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        {icon ? <span className="text-slate-400" aria-hidden="true">{icon}</span> : null}
      </div>
      {/* The figure shrinks with its card (container units) so that it fits one line in most cards. */}
      <p className="mt-2 text-[clamp(1.125rem,11cqi,1.5rem)] leading-tight font-semibold tabular-nums break-words text-slate-900">
        {keepCurrencyTogether(value)}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </section>
  );
}
