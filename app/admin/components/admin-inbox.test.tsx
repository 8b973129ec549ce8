// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminCopy } from "~/admin/data/admin";
import { accountCopy, inviteCopy, roleNames, secondFactorCopy, teamCopy, teamNavCopy } from "~/admin/data/admin-team";
import { adminEndpoints } from "../../../contract/admin";
import { rolePermissions, teamEndpoints, type Me, type Role } from "../../../contract/team";
import { AdminInbox } from "./admin-inbox";
import { fakeApi, refusal } from "./fake-api.test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/admin");
});

const person = (role: Role, extra: Partial<Me> = {}): Me => ({
  id: `id-${role}`,
  email: `${role}@example.com`,
  name: `Sam ${roleNames[role]}`,
  role,
  permissions: [...rolePermissions[role]],
  totp: true,
  passkeys: [],
  recoveryCodesLeft: 10,
  mustSetUpSecondFactor: false,
  confirmedUntil: "2999-01-01T00:00:00.000Z",
  ...extra,
});

const signedIn = { enabled: true, signedIn: true };
const signedOut = { enabled: true, signedIn: false };

describe("AdminInbox: an invitation link", () => {
  const invitation = { email: "new@example.com", role: "inbox", expiresAt: "2026-11-30T09:00:00.000Z" };

  it("shows who it is for, takes the token out of the address, and signs in to set up a second factor", async () => {
    window.history.replaceState(null, "", "/admin#invite=tok-123");
    let accepted = false;
    const calls = fakeApi({
      [`GET ${adminEndpoints.status}`]: () => (accepted ? signedIn : signedOut),
      [`GET ${teamEndpoints.inviteLookup}`]: (_body, url) => (url.searchParams.get("token") === "tok-123" ? invitation : refusal(404, "Not found")),
      [`POST ${teamEndpoints.inviteLookup}`]: (body) => {
        const { password } = body as { password: string };
        if (password === "password1234") return refusal(400, "That password is too common.");
        accepted = true;
        return signedIn;
      },
      [`GET ${teamEndpoints.me}`]: person("inbox", { totp: false, recoveryCodesLeft: 0, mustSetUpSecondFactor: true }),
    });
    render(<AdminInbox siteName="Freelancer Marketplace UK" />);

    expect(await screen.findByRole("heading", { name: inviteCopy.heading })).toBeInTheDocument();
    expect(await screen.findByText(inviteCopy.forWhom("new@example.com", roleNames.inbox))).toBeInTheDocument();
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/admin");

    const password = screen.getByLabelText(inviteCopy.passwordLabel);
    expect(password).toHaveAccessibleDescription(inviteCopy.passwordRule);
    await userEvent.type(screen.getByLabelText(inviteCopy.nameLabel), "Nia New");
    await userEvent.type(password, "short");
    await userEvent.click(screen.getByRole("button", { name: inviteCopy.submit }));
    expect(screen.getByRole("alert")).toHaveTextContent(inviteCopy.shortPassword);
    expect(password).toHaveFocus();

    // The server's own words for a password it refuses.
    await userEvent.clear(password);
    await userEvent.type(password, "password1234{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("That password is too common.");

    await userEvent.clear(password);
    await userEvent.type(password, "a long and unusual passphrase{Enter}");
    expect(await screen.findByRole("heading", { name: secondFactorCopy.heading })).toBeInTheDocument();
    expect(screen.getByText(secondFactorCopy.required)).toBeInTheDocument();
    // Focus moves in an effect after the view is drawn: by then, not with it.
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveFocus());
    // Nothing else is open until a factor is set up.
    expect(screen.queryByRole("navigation", { name: teamNavCopy.label })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST" && call.path === teamEndpoints.inviteLookup)?.body).toMatchObject({ token: "tok-123", name: "Nia New" });
  });

  it("says a used or expired invitation has gone, and offers sign-in", async () => {
    window.history.replaceState(null, "", "/admin#invite=old-token");
    fakeApi({
      [`GET ${adminEndpoints.status}`]: signedOut,
      [`GET ${teamEndpoints.inviteLookup}`]: refusal(404, "Not found"),
    });
    render(<AdminInbox siteName="Freelancer Marketplace UK" />);
    expect(await screen.findByText(inviteCopy.gone)).toHaveAttribute("role", "alert");
    expect(screen.getByRole("heading", { name: adminCopy.signIn.heading })).toBeInTheDocument();
    expect(window.location.hash).toBe("");
  });
  it("opens for the first owner's invitation while the inbox is still off, and says so when it has gone", async () => {
    const off = { enabled: false, signedIn: false };
    window.history.replaceState(null, "", "/admin#invite=first-owner");
    fakeApi({
      [`GET ${adminEndpoints.status}`]: off,
      [`GET ${teamEndpoints.inviteLookup}`]: { ...invitation, role: "owner" },
    });
    render(<AdminInbox siteName="Freelancer Marketplace UK" />);
    expect(await screen.findByText(inviteCopy.forWhom("new@example.com", roleNames.owner))).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: adminCopy.off.heading })).not.toBeInTheDocument();
    cleanup();

    window.history.replaceState(null, "", "/admin#invite=used-token");
    fakeApi({ [`GET ${adminEndpoints.status}`]: off, [`GET ${teamEndpoints.inviteLookup}`]: refusal(404, "Not found") });
    render(<AdminInbox siteName="Freelancer Marketplace UK" />);
    expect(await screen.findByText(inviteCopy.gone)).toHaveAttribute("role", "alert");
    expect(screen.getByRole("heading", { name: adminCopy.off.heading })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: adminCopy.signIn.heading })).not.toBeInTheDocument();
  });
});

describe("AdminInbox: the sections by role", () => {
  async function sectionsOf(role: Role) {
    fakeApi({ [`GET ${adminEndpoints.status}`]: signedIn, [`GET ${teamEndpoints.me}`]: person(role) });
    render(<AdminInbox siteName="Freelancer Marketplace UK" />);
    const nav = await screen.findByRole("navigation", { name: teamNavCopy.label });
    return {
      buttons: within(nav)
        .getAllByRole("button")
        .map((button) => button.textContent),
      links: within(nav)
        .queryAllByRole("link")
        .map((link) => link.textContent),
    };
  }

  it("gives the owner every section, and names them beside Sign out", async () => {
    const { buttons, links } = await sectionsOf("owner");
    expect(buttons).toEqual([teamNavCopy.leads, teamNavCopy.analytics, teamNavCopy.activity, teamCopy.tab, accountCopy.tab]);
    expect(links).toEqual([teamNavCopy.content]);
    expect(screen.getByRole("banner")).toHaveTextContent(teamNavCopy.signedInAs("Sam Owner", roleNames.owner));
  });

  it("shows an inbox person the leads but no analytics, activity or team", async () => {
    const { buttons, links } = await sectionsOf("inbox");
    expect(buttons).toEqual([teamNavCopy.leads, accountCopy.tab]);
    expect(links).toEqual([]);
  });

  it("shows an analyst the analytics but no leads", async () => {
    const { buttons } = await sectionsOf("analyst");
    expect(buttons).toEqual([teamNavCopy.analytics, accountCopy.tab]);
  });

  it("shows an editor neither leads nor analytics: the content editor and their account", async () => {
    const { buttons, links } = await sectionsOf("editor");
    expect(buttons).toEqual([accountCopy.tab]);
    expect(links).toEqual([teamNavCopy.content]);
    expect(screen.getByRole("button", { name: accountCopy.tab })).toHaveAttribute("aria-pressed", "true");
  });
});
