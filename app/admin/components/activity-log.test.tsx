// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activityPersonCopy as copy } from "~/admin/data/admin-team";
import { adminEndpoints, type ActivityPage } from "../../../contract/admin";
import { teamEndpoints, type Person } from "../../../contract/team";
import { ActivityLog } from "./activity-log";
import { fakeApi } from "./fake-api.test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty: ActivityPage = { items: [], total: 0, page: 1, pageSize: 20, pages: 1, retentionMonths: 24 };
const bob: Person = { id: "p2", email: "bob@example.com", name: "Bob", role: "inbox", secondFactor: true, createdAt: "2026-02-01T09:00:00.000Z", lastSeenAt: null };

const personAsked = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.path === adminEndpoints.activity).map((call) => call.query.get("person"));

describe("ActivityLog: the Person filter", () => {
  it("asks for one person's actions by the email typed", async () => {
    const calls = fakeApi({ [`GET ${adminEndpoints.activity}`]: empty });
    render(<ActivityLog onUnauthorized={() => undefined} />);
    await userEvent.type(screen.getByRole("textbox", { name: copy.label }), "bob@example.com");
    await userEvent.click(screen.getByRole("button", { name: copy.apply }));
    await vi.waitFor(() => expect(personAsked(calls)).toEqual([null, "bob@example.com"]));
    expect(calls.some((call) => call.path === teamEndpoints.people)).toBe(false);
  });

  it("offers the team to choose from when the role may see the people", async () => {
    const calls = fakeApi({ [`GET ${adminEndpoints.activity}`]: empty, [`GET ${teamEndpoints.people}`]: [bob] });
    render(<ActivityLog onUnauthorized={() => undefined} canSeePeople />);
    const select = await screen.findByRole("combobox", { name: copy.label });
    await userEvent.selectOptions(select, "bob@example.com");
    await userEvent.click(screen.getByRole("button", { name: copy.apply }));
    await vi.waitFor(() => expect(personAsked(calls)).toEqual([null, "bob@example.com"]));
  });
});
