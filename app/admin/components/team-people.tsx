import { useEffect, useId, useRef, useState } from "react";
import { roleNames, teamCopy } from "~/admin/data/admin-team";
import { roles, type Person, type Role } from "../../../contract/team";
import { dangerButton, formatWhen, inputClass, secondaryButton } from "./ui";
import { cellClass, DataTable } from "./data-table";

const copy = teamCopy.people;

interface RowProps {
  person: Person;
  isMe: boolean;
  /** Resolve true when the server agreed. */
  onRole: (person: Person, role: Role) => Promise<boolean>;
  onRemove: (person: Person) => Promise<boolean>;
}

/** One person: their role, changed by a select and Save, and Remove, asked then confirmed. */
function PersonRow({ person, isMe, onRole, onRemove }: RowProps) {
  // The role chosen but not yet saved; null shows the person's role as it is.
  const [draft, setDraft] = useState<Role | null>(null);
  const role = draft ?? person.role;
  const [step, setStep] = useState<"idle" | "confirm" | "working">("idle");
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  const id = useId();

  useEffect(() => {
    if (step === "confirm") confirmRef.current?.focus();
    else if (step === "idle" && asked.current) startRef.current?.focus();
  }, [step]);

  async function remove() {
    if (step === "working") return;
    setStep("working");
    // Gone from the list when it worked; asked again when it did not.
    if (!(await onRemove(person))) setStep("confirm");
  }

  return (
    <tr className="border-b border-line align-top last:border-0">
      <th scope="row" className={`${cellClass} font-normal`}>
        {person.name} {isMe && <span className="text-muted">{copy.you}</span>}
      </th>
      <td className={`${cellClass} break-all`}>{person.email}</td>
      <td className={cellClass}>
        <div className="flex flex-wrap items-center gap-2">
          <select aria-label={copy.roleLabel(person.name)} disabled={isMe} value={role} onChange={(event) => setDraft(event.target.value as Role)} className={`${inputClass} mt-0 w-auto`}>
            {roles.map((option) => (
              <option key={option} value={option}>
                {roleNames[option]}
              </option>
            ))}
          </select>
          <button type="button" aria-label={copy.saveLabel(person.name)} disabled={isMe || role === person.role} onClick={() => void onRole(person, role).then((ok) => ok && setDraft(null))} className={secondaryButton}>
            {copy.save}
          </button>
        </div>
      </td>
      <td className={cellClass}>{person.secondFactor ? copy.yes : copy.no}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{person.lastSeenAt ? formatWhen(person.lastSeenAt) : copy.never}</td>
      <td className={cellClass}>
        {isMe ? null : step === "idle" ? (
          <button
            ref={startRef}
            type="button"
            aria-label={copy.removeLabel(person.name)}
            onClick={() => {
              asked.current = true;
              setStep("confirm");
            }}
            className={secondaryButton}
          >
            {copy.remove}
          </button>
        ) : (
          <div role="group" aria-labelledby={`${id}-confirm`} className="space-y-2">
            <p id={`${id}-confirm`} className="font-semibold text-danger">
              {copy.confirm(person.name)}
            </p>
            <div className="flex flex-wrap gap-2">
              <button ref={confirmRef} type="button" onClick={remove} aria-disabled={step === "working"} className={dangerButton}>
                {copy.yesRemove(person.name)}
              </button>
              <button type="button" onClick={() => setStep("idle")} className={secondaryButton}>
                {copy.cancel}
              </button>
            </div>
          </div>
        )}
      </td>
    </tr>
  );
}

/** The people who can sign in, one row each. Nobody changes or removes themselves here. */
export function PeopleTable({ people, meId, onRole, onRemove }: { people: readonly Person[]; meId: string } & Pick<RowProps, "onRole" | "onRemove">) {
  const headings = [copy.name, copy.email, copy.role, copy.secondFactor, copy.lastSeen, copy.actions];
  return (
    <DataTable caption={copy.caption} headings={headings}>
      {people.map((person) => (
        <PersonRow key={person.id} person={person} isMe={person.id === meId} onRole={onRole} onRemove={onRemove} />
      ))}
    </DataTable>
  );
}
