// A native select whose change is acted on only when it is an explicit choice (docs/screens.md#keyboard):
// ArrowDown on a closed select changes its value and fires `change` in Chromium, which must not save
// nor open a confirmation. Spread `onKeyDown` / `onKeyUp` on the select and ask `isChoice()` in its
// `onChange`; a move only changes the draft, committed by Enter or by leaving the select. (Its own
// module: InlineEdit is in most screens' first download, form-controls.tsx is not.)
import { useRef, type KeyboardEvent } from 'react';

/**
 * Keys with which a closed native <select> moves its value at once (and fires `change`): the arrows,
 * Home / End / Page keys and type-ahead letters. A change they cause is a move, not a choice.
 */
function movesSelection(event: KeyboardEvent<HTMLSelectElement>): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(event.key) || event.key.length === 1;
}

export interface ChoiceSelectHandlers {
  onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => void;
  onKeyUp: () => void;
  /** True when the `change` being handled is a choice (mouse, the opened list, a test's selectOption); false for an arrow-key move. */
  isChoice: () => boolean;
}

export function useChoiceSelect(): ChoiceSelectHandlers {
  const moving = useRef(false);
  return {
    onKeyDown: (event) => {
      moving.current = movesSelection(event);
    },
    onKeyUp: () => {
      moving.current = false;
    },
    isChoice: () => !moving.current,
  };
}
