// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountCopy as copy } from "~/admin/data/admin-team";
import { CONFIRM_IT_IS_YOU, teamEndpoints, WRONG_CURRENT_PASSWORD, type Me, type SessionInfo } from "../../../contract/team";
import { AccountSettings } from "./account-settings";
import { fakeApi, refusal } from "./fake-api.test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me: Me = {
  id: "p1",
  email: "ann@example.com",
  name: "Ann",
  role: "owner",
  permissions: ["people", "leads", "erase", "activity", "analytics", "content"],
  totp: true,
  passkeys: [{ id: "pk1", name: "Work laptop", createdAt: "2026-11-01T09:00:00.000Z", lastUsedAt: null }],
  recoveryCodesLeft: 7,
  mustSetUpSecondFactor: false,
  confirmedUntil: "2999-01-01T00:00:00.000Z",
};

const session = (id: string, device: string, current = false): SessionInfo => ({
  id,
  device,
  createdAt: "2026-11-20T09:00:00.000Z",
  lastSeenAt: "2026-11-27T09:00:00.000Z",
  current,
});

/** The sessions API: DELETE one or all others, and the list answers as it now is. */
function serveSessions() {
  let sessions = [session("s1", "Firefox on Linux", true), session("s2", "Chrome on Android"), session("s3", "Safari on iPhone")];
  return fakeApi({
    [`GET ${teamEndpoints.sessions}`]: () => sessions,
    [`DELETE ${teamEndpoints.sessions}`]: () => {
      sessions = sessions.filter((item) => item.current);
      return {};
    },
    [`DELETE ${teamEndpoints.session("s2")}`]: () => {
      sessions = sessions.filter((item) => item.id !== "s2");
      return {};
    },
  });
}

const rows = () =>
  within(screen.getByRole("table", { name: copy.sessions.caption }))
    .getAllByRole("row")
    .slice(1);

describe("AccountSettings: sessions", () => {
  it("lists where the person is signed in, marks this device, and ends one session", async () => {
    const calls = serveSessions();
    const onChanged = vi.fn();
    render(<AccountSettings me={me} onChanged={onChanged} onUnauthorized={() => undefined} />);
    await screen.findByRole("table", { name: copy.sessions.caption });
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent(copy.sessions.thisDevice);
    // This device has no End button: signing out does that.
    expect(within(rows()[0]!).queryByRole("button")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: copy.sessions.endLabel("Chrome on Android") }));
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole("status")).toHaveTextContent(copy.sessions.ended);
    // The button pressed is gone with its row: the outcome is read next.
    expect(screen.getByRole("status")).toHaveFocus();
    expect(calls.some((call) => call.method === "DELETE" && call.path === teamEndpoints.session("s2"))).toBe(true);
    expect(screen.queryByText("Chrome on Android")).not.toBeInTheDocument();
  });

  it("ends all other sessions at once", async () => {
    const calls = serveSessions();
    render(<AccountSettings me={me} onChanged={() => undefined} onUnauthorized={() => undefined} />);
    await userEvent.click(await screen.findByRole("button", { name: copy.sessions.endOthers }));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole("status")).toHaveTextContent(copy.sessions.endedOthers);
    expect(calls.some((call) => call.method === "DELETE" && call.path === teamEndpoints.sessions)).toBe(true);
    // Nothing left to end.
    expect(screen.queryByRole("button", { name: copy.sessions.endOthers })).not.toBeInTheDocument();
  });

  it("goes back to sign-in when the session has ended meanwhile", async () => {
    fakeApi({ [`GET ${teamEndpoints.sessions}`]: new Response(null, { status: 401 }) });
    const onUnauthorized = vi.fn();
    render(<AccountSettings me={me} onChanged={() => undefined} onUnauthorized={onUnauthorized} />);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalled());
  });
});

describe("AccountSettings: factors", () => {
  it("shows the passkeys, the authenticator and the codes left, and makes new codes", async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `new-${index}`);
    const calls = fakeApi({ [`GET ${teamEndpoints.sessions}`]: [], [`POST ${teamEndpoints.recoveryCodes}`]: { codes } });
    render(<AccountSettings me={me} onChanged={() => undefined} onUnauthorized={() => undefined} />);
    expect(screen.getByRole("table", { name: copy.passkeys.caption })).toHaveTextContent("Work laptop");
    expect(screen.getByText(copy.totp.on)).toBeInTheDocument();
    expect(screen.getByText(copy.recovery.left(7))).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: copy.recovery.renew }));
    expect(await screen.findByText("new-9")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST" && call.path === teamEndpoints.recoveryCodes)).toBe(true);
  });
});

describe("AccountSettings: password", () => {
  const typeInto = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string) => {
    if (current) await user.type(screen.getByLabelText(copy.password.currentLabel), current);
    if (next) await user.type(screen.getByLabelText(copy.password.newLabel), next);
    await user.click(screen.getByRole("button", { name: copy.password.submit }));
  };

  it("changes the password with the current one, and says how many other sessions ended", async () => {
    const calls = fakeApi({
      [`GET ${teamEndpoints.sessions}`]: [session("s1", "Firefox on Linux", true)],
      [`PUT ${teamEndpoints.password}`]: { changed: true, endedSessions: 2 },
    });
    const user = userEvent.setup();
    render(<AccountSettings me={me} onChanged={() => undefined} onUnauthorized={() => undefined} />);
    await typeInto(user, "my old password", "a brand new passphrase");
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(copy.password.changed(2)));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ current: "my old password", password: "a brand new passphrase" });
    expect((screen.getByLabelText(copy.password.currentLabel) as HTMLInputElement).value).toBe("");
  });

  it("marks the current password when the server says it is wrong, and the new one when it is too common", async () => {
    let answer = refusal(400, WRONG_CURRENT_PASSWORD);
    fakeApi({ [`GET ${teamEndpoints.sessions}`]: [], [`PUT ${teamEndpoints.password}`]: () => answer });
    const user = userEvent.setup();
    render(<AccountSettings me={me} onChanged={() => undefined} onUnauthorized={() => undefined} />);
    await typeInto(user, "not it", "a brand new passphrase");
    expect(await screen.findByText(WRONG_CURRENT_PASSWORD)).toBeTruthy();
    expect(screen.getByLabelText(copy.password.currentLabel).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText(copy.password.currentLabel));

    answer = refusal(400, "That password is on a list of common passwords: choose another.");
    await user.click(screen.getByRole("button", { name: copy.password.submit }));
    expect(await screen.findByText(/common passwords/)).toBeTruthy();
    expect(screen.getByLabelText(copy.password.newLabel).getAttribute("aria-invalid")).toBe("true");
  });

  it("asks for both before sending anything", async () => {
    const calls = fakeApi({ [`GET ${teamEndpoints.sessions}`]: [] });
    const user = userEvent.setup();
    render(<AccountSettings me={me} onChanged={() => undefined} onUnauthorized={() => undefined} />);
    await typeInto(user, "", "");
    expect(screen.getByText(copy.password.emptyCurrent)).toBeTruthy();
    await typeInto(user, "my old password", "short");
    expect(screen.getByText(copy.password.shortPassword)).toBeTruthy();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
  });
});

describe("AccountSettings: a security change after a while", () => {
  it("asks for the password first, then makes the new recovery codes", async () => {
    const calls = fakeApi({
      [`GET ${teamEndpoints.sessions}`]: [],
      [`POST ${teamEndpoints.confirm}`]: { confirmed: true },
      [`POST ${teamEndpoints.recoveryCodes}`]: { codes: ["AAAA-BBBB-CCCC"] },
    });
    const user = userEvent.setup();
    render(<AccountSettings me={{ ...me, confirmedUntil: null }} onChanged={() => undefined} onUnauthorized={() => undefined} />);
    await user.click(screen.getByRole("button", { name: copy.recovery.renew }));
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    await user.type(screen.getByLabelText(copy.confirm.passwordLabel), "my password");
    await user.click(screen.getByRole("button", { name: copy.confirm.submit }));
    expect(await screen.findByText("AAAA-BBBB-CCCC")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([teamEndpoints.confirm, teamEndpoints.recoveryCodes]);
  });

  it("asks when the server refuses for want of it, and tries again", async () => {
    let refused = true;
    fakeApi({
      [`GET ${teamEndpoints.sessions}`]: [],
      [`POST ${teamEndpoints.confirm}`]: () => {
        refused = false;
        return { confirmed: true };
      },
      [`DELETE ${teamEndpoints.totp}`]: () => (refused ? refusal(403, CONFIRM_IT_IS_YOU) : { removed: true }),
    });
    const user = userEvent.setup();
    render(<AccountSettings me={me} onChanged={() => undefined} onUnauthorized={() => undefined} />);
    await user.click(screen.getByRole("button", { name: copy.totp.remove }));
    await user.type(await screen.findByLabelText(copy.confirm.passwordLabel), "my password");
    await user.click(screen.getByRole("button", { name: copy.confirm.submit }));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(copy.totp.removed));
  });
});
