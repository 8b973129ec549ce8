import { describe, expect, it } from "vitest";
import { newsletterPages } from "../../contract/newsletter";
import { paths } from "./paths";
import { unlistedPages } from "./pages";

describe("the newsletter's pages", () => {
  it("are where the server's emails link to, and unlisted", () => {
    expect(newsletterPages).toEqual({ confirm: paths.newsletterConfirm, unsubscribe: paths.newsletterUnsubscribe, subscribed: paths.newsletterSubscribed });
    expect(unlistedPages).toEqual(expect.arrayContaining([paths.newsletterConfirm, paths.newsletterUnsubscribe, paths.newsletterSubscribed]));
  });
});
