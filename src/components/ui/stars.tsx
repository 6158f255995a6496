import clsx from 'clsx';
import { common } from '@/lib/messages/common.ts';

/** 1–5 star rating, read as "4 trên 5 sao" by screen readers. */
export function Stars({ rating, max = 5, className }: { rating: number; max?: number; className?: string }) {
  const value = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <span role="img" aria-label={common.stars(value)} className={clsx('inline-flex text-base leading-none', className)}>
      {Array.from({ length: max }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < value ? 'text-amber-500' : 'text-slate-300'}>
          ★
        </span>
      ))}
    </span>
  );
}
