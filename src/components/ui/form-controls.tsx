// Labelled form controls. Field wires label, hint and error text to its control with ids, so
// screen readers announce them; Input / Select / Textarea accept every native attribute and `ref`.
import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const controlClass =
  'block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-teal-600 disabled:bg-slate-100 disabled:text-slate-500';

function borderClass(invalid: boolean | undefined): string {
  return invalid ? 'border-red-600' : 'border-slate-300';
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Vietnamese error text shown under the control (role="alert"). */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Render prop receiving the id / aria props for the control. */
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  invalid?: boolean;
}

/** The classes of Input, for a control that renders its own <input> (DateField's `inputClassName`). */
export function inputClassName(invalid?: boolean): string {
  return clsx(controlClass, 'h-10', borderClass(invalid));
}

export function Input({ className, invalid, ref, ...rest }: InputProps) {
  return (
    <input
      ref={ref}
      className={clsx(controlClass, 'h-10', borderClass(invalid ?? rest['aria-invalid'] === true), className)}
      {...rest}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  options: readonly SelectOption[];
  invalid?: boolean;
  /** Adds a first option with value '' (e.g. 'Tất cả'). */
  placeholderOption?: string;
}

export function Select({ className, invalid, options, placeholderOption, ref, ...rest }: SelectProps) {
  return (
    <select
      ref={ref}
      className={clsx(controlClass, 'h-10 pr-8', borderClass(invalid ?? rest['aria-invalid'] === true), className)}
      {...rest}
    >
      {placeholderOption !== undefined ? <option value="">{placeholderOption}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
  invalid?: boolean;
}

export function Textarea({ className, invalid, rows = 3, ref, ...rest }: TextareaProps) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={clsx(controlClass, 'py-2', borderClass(invalid ?? rest['aria-invalid'] === true), className)}
      {...rest}
    />
  );
}

