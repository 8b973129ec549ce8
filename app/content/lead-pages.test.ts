import { describe, expect, it } from "vitest";
import { ENQUIRY_RECEIVED_PAGE } from "../../contract/fields";
import { newsletterPages } from "../../contract/newsletter";
import { paths } from "./paths";
import { unlistedPages } from "./pages";

describe("the newsletter's pages", () => {
  it("are where the server's emails link to, and unlisted", () => {
    expect(newsletterPages).toEqual({ confirm: paths.newsletterConfirm, unsubscribe: paths.newsletterUnsubscribe, subscribed: paths.newsletterSubscribed });
    expect(unlistedPages).toEqual(expect.arrayContaining([paths.newsletterConfirm, paths.newsletterUnsubscribe, paths.newsletterSubscribed]));
  });
});

describe("the enquiry's 'received' page", () => {
  it("is where the server sends a plain form post, and unlisted", () => {
    expect(ENQUIRY_RECEIVED_PAGE).toBe(paths.contactReceived);
    expect(unlistedPages).toContain(paths.contactReceived);
  });
});
