// The pencil beside a value edited in place: one element drawn by CSS (the `pencil-mark` utility of
// styles.css), as there is one in every editable cell of a list and an SVG icon is several elements
// to create, style and lay out. Decorative: the button it sits in carries the name.
import clsx from 'clsx';

export function PencilMark({ className }: { className?: string }) {
  return <span aria-hidden="true" className={clsx('pencil-mark', className)} />;
}
