// The visibility toggle of a service or package: a switch with a visible label. The track never
// shrinks (a narrow table cell squeezed it to nothing, leaving the knob over the label) and the knob
// is placed from the track's left edge, inside it in both states.
import clsx from 'clsx';

export interface VisibilitySwitchProps {
  checked: boolean;
  label: string;
  onLabel: string;
  offLabel: string;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}

export function VisibilitySwitch({ checked, label, onLabel, offLabel, disabled = false, onChange }: VisibilitySwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex items-center gap-2 rounded px-1 py-0.5 text-sm focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-50"
    >
      <span
        aria-hidden="true"
        data-part="track"
        className={clsx('relative inline-block h-5 w-9 shrink-0 rounded-full transition-colors', checked ? 'bg-teal-700' : 'bg-slate-300')}
      >
        <span
          data-part="knob"
          className={clsx(
            'absolute top-0.5 left-0 size-4 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-4.5' : 'translate-x-0.5',
          )}
        />
      </span>
      <span data-part="label" className={clsx('whitespace-nowrap', checked ? 'text-teal-800' : 'text-slate-500')}>
        {checked ? onLabel : offLabel}
      </span>
    </button>
  );
}
