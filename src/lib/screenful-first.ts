// A long list's first render with data shows a screenful of rows and the rest right after the frame
// that shows them has been painted: on a full load the browser lays out the whole page at once, and
// the first rows show sooner when that layout holds a screenful instead of every row
// (docs/architecture.md#admin-loading). Once everything has been shown, later data (another page, a
// search) is rendered whole at once.
import { useEffect, useState } from 'react';

/** Rows of a list's first render with data: more than a screen shows above the fold. */
export const FIRST_RENDER_ROWS = 20;

/**
 * How many of `total` rows to render: FIRST_RENDER_ROWS until the frame that shows them has been
 * painted, then all of them, from then on at once.
 */
export function useRowsShown(total: number): number {
  const [all, setAll] = useState(false);
  const pending = !all && total > FIRST_RENDER_ROWS;
  useEffect(() => {
    if (!pending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The animation frame comes before the paint; the task after it, once the frame is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [pending]);
  return pending ? FIRST_RENDER_ROWS : total;
}

/** The first groups that hold `rows` rows: every group that starts before that many rows, whole. */
export function groupsHolding<Group>(groups: readonly Group[], rows: number, size: (group: Group) => number): readonly Group[] {
  let before = 0;
  let count = 0;
  while (count < groups.length && before < rows) {
    before += Math.max(1, size(groups[count] as Group));
    count += 1;
  }
  return count === groups.length ? groups : groups.slice(0, count);
}
