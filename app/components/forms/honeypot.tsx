import { fields } from "../../../contract/fields";

interface HoneypotProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
}

/**
 * The hidden anti-spam input (contract/lead.ts): people never see
 * or reach it, so a value means a bot filled the form. `display: none` keeps it
 * out of the tab order and the accessibility tree.
 */
export function Honeypot({ value, onChange, label }: HoneypotProps) {
  return (
    <div className="hidden" aria-hidden="true">
      <label>
        {label}
        <input
          type="text"
          name={fields.honeypot}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
