// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminSpamCopy as copy } from "~/admin/data/admin";
import { adminEndpoints, spamReleaseNotices, type Page, type SpamRelease, type SpamSummary } from "../../../contract/admin";
import { SpamBrowser } from "./spam-browser";

// What the owner reads after "Not spam": an ordinary release says the lead was
// sent on; one that sent nothing says why, in the inbox's own words.

const signUp: SpamSummary = {
  id: "held-1",
  createdAt: "2026-11-20T09:00:00.000Z",
  kind: "newsletter",
  email: "changed-mind@example.co.uk",
  fields: { email: "changed-mind@example.co.uk" },
  reasons: ["pow-missing", "no-browser"],
  score: 2,
  sourcePage: "/",
  userAgent: null,
};

/** The Spam API: one held sign-up until it is released with `answer`. */
function serve(answer: SpamRelease) {
  let held = [signUp];
  const page = (): Page<SpamSummary> => ({ items: held, total: held.length, page: 1, pageSize: 20, pages: 1 });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST" && url === adminEndpoints.spamRelease(signUp.id)) {
        held = [];
        return Response.json(answer);
      }
      return Response.json(page());
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SpamBrowser", () => {
  it("says a released sign-up was not subscribed, and why, when the address unsubscribed since", async () => {
    serve({ kind: "newsletter", enquiryId: null, notice: { reason: "unsubscribed-since", message: spamReleaseNotices["unsubscribed-since"] } });
    render(<SpamBrowser onUnauthorized={() => undefined} onChanged={() => undefined} />);
    await userEvent.click(await screen.findByRole("button", { name: copy.releaseLabel(signUp.email) }));
    const status = await screen.findByRole("status");
    await vi.waitFor(() => expect(status).toHaveTextContent(copy.releaseNotices["unsubscribed-since"](signUp.email)));
    expect(status).not.toHaveTextContent(copy.released(signUp.email));
  });

  it("says an ordinary release was sent on", async () => {
    serve({ kind: "newsletter", enquiryId: null });
    render(<SpamBrowser onUnauthorized={() => undefined} onChanged={() => undefined} />);
    await userEvent.click(await screen.findByRole("button", { name: copy.releaseLabel(signUp.email) }));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(copy.released(signUp.email)));
  });
});
