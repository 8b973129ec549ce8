import type { Ref } from "react";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../contract/team";
import { inputClass, labelClass } from "./ui";

/** Whether a new password is under the minimum, counted in characters as a person counts them (an emoji is one). */
export const tooShort = (password: string) => [...password].length < PASSWORD_MIN;

/**
 * A new password: its label, the rule under it, the input a password manager
 * fills with a new password, and the form's one alert line after it. The
 * alert is the whole form's (`${id}-error`, which the screen's other fields
 * name too); `invalid` says whether its text is about this field.
 */
export function NewPasswordFields({
  id,
  label,
  rule,
  value,
  onChange,
  inputRef,
  invalid,
  error,
}: {
  /** The form's base id (useId): the input is `${id}-password`, the rule `${id}-rule`, the alert `${id}-error`. */
  id: string;
  label: string;
  rule: string;
  value: string;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
  invalid: boolean;
  error: string | undefined;
}) {
  return (
    <>
      <label htmlFor={`${id}-password`} className={`${labelClass} pt-2`}>
        {label}
      </label>
      <p id={`${id}-rule`} className="text-sm text-muted">
        {rule}
      </p>
      <input
        ref={inputRef}
        id={`${id}-password`}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-rule ${id}-error` : `${id}-rule`}
        className={inputClass}
      />
      <p id={`${id}-error`} role="alert" className="min-h-6 text-sm font-medium text-danger">
        {error}
      </p>
    </>
  );
}
