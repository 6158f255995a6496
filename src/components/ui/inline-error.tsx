import clsx from 'clsx';

/**
 * The message under an input edited in place (InlineEdit, the profession order and name, a deposit
 * amount): small red text, announced at once (role="alert"), nothing while there is no error. Give
 * the input `aria-describedby={id}` to tie the two.
 */
export function InlineError({ id, error, className }: { id?: string; error: string | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <span id={id} role="alert" className={clsx('text-xs text-red-700', className)}>
      {error}
    </span>
  );
}
