// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { roleDescriptions, roleNames, teamCopy as copy } from "~/admin/data/admin-team";
import { teamEndpoints, type InviteCreated, type InviteSummary, type Person } from "../../../contract/team";
import { fakeApi } from "./fake-api.test-support";
import { TeamManager } from "./team-manager";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner: Person = { id: "p1", email: "ann@example.com", name: "Ann", role: "owner", secondFactor: true, createdAt: "2026-01-01T09:00:00.000Z", lastSeenAt: "2026-11-27T09:00:00.000Z" };
const bob: Person = { id: "p2", email: "bob@example.com", name: "Bob", role: "inbox", secondFactor: false, createdAt: "2026-02-01T09:00:00.000Z", lastSeenAt: null };

/** The team's API over a list that changes as the owner acts. */
function serveTeam() {
  let people = [owner, bob];
  let invites: InviteSummary[] = [];
  const created: InviteCreated = {
    id: "i1",
    email: "cat@example.com",
    role: "analyst",
    invitedBy: "Ann",
    createdAt: "2026-11-27T09:00:00.000Z",
    expiresAt: "2026-11-30T09:00:00.000Z",
    link: "https://example.com/admin#invite=abc123",
    emailed: false,
  };
  const calls = fakeApi({
    [`GET ${teamEndpoints.people}`]: () => people,
    [`GET ${teamEndpoints.invites}`]: () => invites,
    [`GET ${teamEndpoints.settings}`]: { requireSecondFactor: false },
    [`POST ${teamEndpoints.invites}`]: () => {
      invites = [created];
      return created;
    },
    [`PATCH ${teamEndpoints.person(bob.id)}`]: (body) => {
      people = people.map((person) => (person.id === bob.id ? { ...person, role: (body as { role: Person["role"] }).role } : person));
      return {};
    },
    [`DELETE ${teamEndpoints.person(bob.id)}`]: () => {
      people = people.filter((person) => person.id !== bob.id);
      return {};
    },
  });
  return { calls, created };
}

describe("TeamManager", () => {
  it("invites someone and shows the link to copy, saying it was not emailed", async () => {
    const { calls, created } = serveTeam();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<TeamManager meId={owner.id} onUnauthorized={() => undefined} />);
    await screen.findByRole("table", { name: copy.people.caption });

    await userEvent.type(screen.getByLabelText(copy.invite.emailLabel), "cat@example.com");
    const role = screen.getByLabelText(copy.invite.roleLabel);
    await userEvent.selectOptions(role, roleNames.analyst);
    expect(role).toHaveAccessibleDescription(roleDescriptions.analyst);
    await userEvent.click(screen.getByRole("button", { name: copy.invite.submit }));

    expect(await screen.findByLabelText(copy.invite.linkLabel)).toHaveValue(created.link);
    expect(screen.getByText(copy.invite.notEmailed("cat@example.com"))).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST" && call.path === teamEndpoints.invites)?.body).toEqual({ email: "cat@example.com", role: "analyst" });
    await userEvent.click(screen.getByRole("button", { name: copy.invite.copy }));
    expect(writeText).toHaveBeenCalledWith(created.link);
    expect(await screen.findByText(copy.invite.copied)).toBeInTheDocument();
    // The new invitation is listed, to withdraw.
    expect(await screen.findByRole("button", { name: copy.invites.withdrawLabel("cat@example.com") })).toBeInTheDocument();
  });

  it("changes a person's role with Save", async () => {
    const { calls } = serveTeam();
    render(<TeamManager meId={owner.id} onUnauthorized={() => undefined} />);
    const select = await screen.findByRole("combobox", { name: copy.people.roleLabel("Bob") });
    const save = screen.getByRole("button", { name: copy.people.saveLabel("Bob") });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(select, roleNames.editor);
    await userEvent.click(save);
    await vi.waitFor(() => expect(screen.getByText(copy.people.saved("Bob", roleNames.editor))).toHaveFocus());
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ role: "editor" });
    expect(select).toHaveValue("editor");
    // Nobody changes their own role here.
    expect(screen.getByRole("combobox", { name: copy.people.roleLabel("Ann") })).toBeDisabled();
  });

  it("removes a person only after a confirmation naming them", async () => {
    const { calls } = serveTeam();
    render(<TeamManager meId={owner.id} onUnauthorized={() => undefined} />);
    await userEvent.click(await screen.findByRole("button", { name: copy.people.removeLabel("Bob") }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    const confirm = screen.getByRole("button", { name: copy.people.yesRemove("Bob") });
    expect(confirm).toHaveFocus();
    expect(screen.getByRole("group", { name: copy.people.confirm("Bob") })).toBeInTheDocument();

    // Cancel first: nothing removed, focus back on Remove.
    await userEvent.click(screen.getByRole("button", { name: copy.people.cancel }));
    expect(screen.getByRole("button", { name: copy.people.removeLabel("Bob") })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: copy.people.removeLabel("Bob") }));
    await userEvent.click(screen.getByRole("button", { name: copy.people.yesRemove("Bob") }));
    await vi.waitFor(() => expect(within(screen.getByRole("table", { name: copy.people.caption })).queryByText("Bob")).not.toBeInTheDocument());
    expect(screen.getByText(copy.people.removed("Bob"))).toHaveFocus();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([teamEndpoints.person(bob.id)]);
    // Nobody removes themselves here.
    expect(screen.queryByRole("button", { name: copy.people.removeLabel("Ann") })).not.toBeInTheDocument();
  });
});
