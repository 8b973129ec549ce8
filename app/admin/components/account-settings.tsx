import { useCallback, useEffect, useId, useRef, useState } from "react";
import { accountCopy as copy } from "~/admin/data/admin-team";
import type { Me, SessionInfo } from "../../../contract/team";
import { refusalText, Unauthorized } from "./admin-api";
import { askedToConfirm, ConfirmItIsYou, mustConfirm } from "./confirm-it-is-you";
import { PasswordChange } from "./password-change";
import { RecoveryCodesView } from "./recovery-codes";
import { SecondFactorSetup } from "./second-factor-setup";
import { teamApi } from "./team-api";
import { dangerButton, formatWhen, secondaryButton } from "./ui";
import { cellClass, DataTable } from "./data-table";

type Mode = { name: "view" } | { name: "add"; only: "passkey" | "totp" } | { name: "codes"; codes: readonly string[] } | { name: "confirm"; then: () => void };

const linkButton = "font-semibold text-brand-700 underline hover:text-brand-600";

/**
 * The signed-in person's own account: where they are signed in, their
 * password, their passkeys, the authenticator app and the recovery codes. `onChanged` reloads
 * the person (their factors) after a change.
 */
export function AccountSettings({ me, onChanged, onUnauthorized }: { me: Me; onChanged: () => void; onUnauthorized: () => void }) {
  const [mode, setMode] = useState<Mode>({ name: "view" });
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const returned = useRef(false);
  const id = useId();

  // Back from adding a factor or from the new codes: the button that opened them is gone.
  useEffect(() => {
    if (mode.name === "view" && returned.current) headingRef.current?.focus();
    returned.current = true;
  }, [mode]);

  /**
   * An action on the account: its outcome announced, the person reloaded.
   * Each one takes away the button pressed (a row ended or removed), so the
   * outcome takes focus, and is read next.
   */
  const act = useCallback(
    async (action: () => Promise<unknown>, done: string) => {
      setMessage("");
      setError("");
      try {
        await action();
      } catch (failure) {
        if (failure instanceof Unauthorized) return onUnauthorized();
        if (askedToConfirm(failure)) {
          setMode({ name: "confirm", then: () => void act(action, done) });
          return;
        }
        setError(refusalText(failure, copy.failed));
        return;
      }
      setMessage(done);
      onChanged();
      statusRef.current?.focus();
    },
    [onChanged, onUnauthorized],
  );

  /**
   * A security change: when the password was last given too long ago, it is
   * asked for first (the server would refuse otherwise), then the change runs.
   */
  const guarded = (change: () => void) => (mustConfirm(me) ? setMode({ name: "confirm", then: change }) : change());
  /** A change the server refused for want of the password: ask for it, then try again. */
  const confirmThen = (failure: unknown, retry: () => void) => {
    if (!askedToConfirm(failure)) return false;
    setError("");
    setMode({ name: "confirm", then: retry });
    return true;
  };

  async function renewCodes() {
    setMessage("");
    setError("");
    try {
      const { codes } = await teamApi.newRecoveryCodes();
      setMode({ name: "codes", codes });
      onChanged();
    } catch (failure) {
      if (failure instanceof Unauthorized) return onUnauthorized();
      if (confirmThen(failure, () => void renewCodes())) return;
      setError(refusalText(failure, copy.failed));
    }
  }

  if (mode.name === "add") {
    return (
      <SecondFactorSetup
        only={mode.only}
        focusOnOpen
        onDone={(done) => {
          setMessage(done);
          setMode({ name: "view" });
          onChanged();
        }}
        onCancel={() => setMode({ name: "view" })}
        onUnauthorized={onUnauthorized}
      />
    );
  }
  if (mode.name === "confirm") {
    return (
      <ConfirmItIsYou
        hasPasskey={me.passkeys.length > 0}
        onConfirmed={() => {
          setMode({ name: "view" });
          onChanged();
          mode.then();
        }}
        onCancel={() => setMode({ name: "view" })}
        onUnauthorized={onUnauthorized}
      />
    );
  }
  if (mode.name === "codes") return <RecoveryCodesView codes={mode.codes} onDone={() => setMode({ name: "view" })} />;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-8">
      <h2 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-2xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      <p ref={statusRef} tabIndex={-1} role="status" className="font-medium text-success outline-none">
        {message}
      </p>
      <p role="alert" className="font-medium text-danger">
        {error}
      </p>

      <SessionList act={act} onUnauthorized={onUnauthorized} />

      <PasswordChange
        onChanged={(done) => {
          setError("");
          setMessage(done);
          statusRef.current?.focus();
        }}
        onUnauthorized={onUnauthorized}
      />

      <section aria-labelledby={`${id}-passkeys`} className="space-y-3">
        <h3 id={`${id}-passkeys`} className="text-xl font-bold text-brand-900">
          {copy.passkeys.heading}
        </h3>
        {me.passkeys.length === 0 ? (
          <p className="text-muted">{copy.passkeys.none}</p>
        ) : (
          <DataTable caption={copy.passkeys.caption} headings={[copy.passkeys.name, copy.passkeys.added, copy.passkeys.lastUsed, copy.sessions.action]}>
            {me.passkeys.map((passkey) => (
              <tr key={passkey.id} className="border-b border-line last:border-0">
                <th scope="row" className={`${cellClass} font-normal`}>
                  {passkey.name}
                </th>
                <td className={cellClass}>{formatWhen(passkey.createdAt)}</td>
                <td className={cellClass}>{passkey.lastUsedAt ? formatWhen(passkey.lastUsedAt) : copy.passkeys.never}</td>
                <td className={cellClass}>
                  <button
                    type="button"
                    aria-label={copy.passkeys.removeLabel(passkey.name)}
                    onClick={() => guarded(() => void act(() => teamApi.removePasskey(passkey.id), copy.passkeys.removed(passkey.name)))}
                    className={linkButton}
                  >
                    {copy.passkeys.remove}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <button type="button" onClick={() => guarded(() => setMode({ name: "add", only: "passkey" }))} className={secondaryButton}>
          {copy.passkeys.add}
        </button>
      </section>

      <section aria-labelledby={`${id}-totp`} className="space-y-3">
        <h3 id={`${id}-totp`} className="text-xl font-bold text-brand-900">
          {copy.totp.heading}
        </h3>
        <p>{me.totp ? copy.totp.on : copy.totp.off}</p>
        {me.totp ? (
          <button type="button" onClick={() => guarded(() => void act(() => teamApi.removeTotp(), copy.totp.removed))} className={secondaryButton}>
            {copy.totp.remove}
          </button>
        ) : (
          <button type="button" onClick={() => guarded(() => setMode({ name: "add", only: "totp" }))} className={secondaryButton}>
            {copy.totp.add}
          </button>
        )}
      </section>

      <section aria-labelledby={`${id}-recovery`} className="space-y-3">
        <h3 id={`${id}-recovery`} className="text-xl font-bold text-brand-900">
          {copy.recovery.heading}
        </h3>
        <p>{copy.recovery.left(me.recoveryCodesLeft)}</p>
        <p id={`${id}-renew-note`} className="text-sm text-muted">
          {copy.recovery.renewNote}
        </p>
        <button type="button" onClick={() => guarded(() => void renewCodes())} aria-describedby={`${id}-renew-note`} className={secondaryButton}>
          {copy.recovery.renew}
        </button>
      </section>
    </section>
  );
}

/** Where the person is signed in: each session can be ended, or every one but this. */
function SessionList({ act, onUnauthorized }: { act: (action: () => Promise<unknown>, done: string) => Promise<void>; onUnauthorized: () => void }) {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const id = useId();
  const sessionCopy = copy.sessions;

  useEffect(() => {
    let live = true;
    teamApi.sessions().then(
      (answer) => live && setSessions(answer),
      (error: unknown) => {
        if (error instanceof Unauthorized) onUnauthorized();
        else if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [reload, onUnauthorized]);

  const end = (action: () => Promise<unknown>, done: string) => act(action, done).then(() => setReload((count) => count + 1));
  const others = sessions?.filter((session) => !session.current) ?? [];

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {sessionCopy.heading}
      </h3>
      {failed && <p role="alert">{copy.loadFailed}</p>}
      {sessions && (
        <DataTable caption={sessionCopy.caption} headings={[sessionCopy.device, sessionCopy.signedIn, sessionCopy.lastSeen, sessionCopy.action]}>
          {sessions.map((session) => (
            <tr key={session.id} className="border-b border-line last:border-0">
              <th scope="row" className={`${cellClass} font-normal`}>
                {session.device}
              </th>
              <td className={cellClass}>{formatWhen(session.createdAt)}</td>
              <td className={cellClass}>{formatWhen(session.lastSeenAt)}</td>
              <td className={cellClass}>
                {session.current ? (
                  <span className="font-semibold">{sessionCopy.thisDevice}</span>
                ) : (
                  <button type="button" aria-label={sessionCopy.endLabel(session.device)} onClick={() => end(() => teamApi.endSession(session.id), sessionCopy.ended)} className={linkButton}>
                    {sessionCopy.end}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {others.length > 0 && (
        <button type="button" onClick={() => end(() => teamApi.endOtherSessions(), sessionCopy.endedOthers)} className={dangerButton}>
          {sessionCopy.endOthers}
        </button>
      )}
    </section>
  );
}
