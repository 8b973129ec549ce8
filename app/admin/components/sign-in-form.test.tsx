// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminCopy } from "~/admin/data/admin";
import { teamSignInCopy as copy } from "~/admin/data/admin-team";
import { adminEndpoints } from "../../../contract/admin";
import { teamEndpoints } from "../../../contract/team";
import { fakeApi, refusal } from "./fake-api.test-support";
import { SignInForm } from "./sign-in-form";

const webAuthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  // jsdom has no WebAuthn: no passkeys among the suggestions unless a test says so.
  browserSupportsWebAuthnAutofill: vi.fn(async () => false),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock("@simplewebauthn/browser", () => webAuthn);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const signedIn = { enabled: true, signedIn: true };

async function givePassword() {
  await userEvent.type(screen.getByLabelText(copy.emailLabel), "ann@example.com");
  await userEvent.type(screen.getByLabelText(adminCopy.signIn.passwordLabel), "correct horse battery");
  await userEvent.click(screen.getByRole("button", { name: adminCopy.signIn.submit }));
}

describe("SignInForm", () => {
  it("offers passkeys among the email's suggestions where the browser can, and signs in by the one chosen", async () => {
    webAuthn.browserSupportsWebAuthnAutofill.mockResolvedValueOnce(true);
    const options = { challenge: "YWxvbmU", userVerification: "required" };
    const assertion = { id: "cred-1", type: "public-key" };
    webAuthn.startAuthentication.mockResolvedValueOnce(assertion);
    const calls = fakeApi({
      [`POST ${teamEndpoints.passkeyOnlyOptions}`]: options,
      [`POST ${teamEndpoints.passkeyOnlyVerify}`]: signedIn,
      [`GET ${adminEndpoints.status}`]: signedIn,
    });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(screen.getByLabelText(copy.emailLabel)).toHaveAttribute("autocomplete", "username webauthn");
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: true });
    expect(calls.find((call) => call.path === teamEndpoints.passkeyOnlyVerify)?.body).toEqual({ response: assertion });
    expect(calls.some((call) => call.path === adminEndpoints.session)).toBe(false);
  });

  it("waits for the suggestions once, and says nothing, when the browser ends the wait at once (no passkey for this site)", async () => {
    webAuthn.browserSupportsWebAuthnAutofill.mockResolvedValueOnce(true);
    webAuthn.startAuthentication.mockRejectedValue(Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" }));
    const calls = fakeApi({ [`POST ${teamEndpoints.passkeyOnlyOptions}`]: { challenge: "YWxvbmU" } });
    render(<SignInForm onSignedIn={vi.fn()} />);
    await vi.waitFor(() => expect(webAuthn.startAuthentication).toHaveBeenCalledOnce());
    // Time for a loop to show itself, had the page begun a new request after the browser's answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path === teamEndpoints.passkeyOnlyOptions)).toHaveLength(1);
    // The form's own alert stays, empty; no other appears.
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([""]);
  });

  it("offers the suggestions again after a passkey the server refused, three requests in all at most", async () => {
    webAuthn.browserSupportsWebAuthnAutofill.mockResolvedValueOnce(true);
    webAuthn.startAuthentication.mockResolvedValue({ id: "cred-1", type: "public-key" });
    const calls = fakeApi({
      [`POST ${teamEndpoints.passkeyOnlyOptions}`]: { challenge: "YWxvbmU" },
      [`POST ${teamEndpoints.passkeyOnlyVerify}`]: () => refusal(401, "That passkey did not sign you in."),
    });
    render(<SignInForm onSignedIn={vi.fn()} />);
    await vi.waitFor(() => expect(calls.filter((call) => call.path === teamEndpoints.passkeyOnlyVerify)).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path === teamEndpoints.passkeyOnlyOptions)).toHaveLength(3);
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("That passkey did not sign you in.");
  });

  it("keeps a plain username field where the browser cannot, and tells why \"Sign in with a passkey\" did not sign in", async () => {
    const options = { challenge: "YWxvbmU" };
    webAuthn.startAuthentication.mockRejectedValueOnce(Object.assign(new Error("cancelled"), { name: "NotAllowedError" }));
    fakeApi({
      [`POST ${teamEndpoints.passkeyOnlyOptions}`]: options,
      [`POST ${teamEndpoints.passkeyOnlyVerify}`]: () => refusal(401, "That passkey did not sign you in."),
      [`GET ${adminEndpoints.status}`]: signedIn,
    });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    expect(screen.getByLabelText(copy.emailLabel)).toHaveAttribute("autocomplete", "username");
    const button = screen.getByRole("button", { name: copy.passkeyOnly.button });
    await userEvent.click(button);
    await vi.waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain(copy.passkeyOnly.cancelled));
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: false });
    webAuthn.startAuthentication.mockResolvedValueOnce({ id: "cred-1", type: "public-key" });
    await userEvent.click(button);
    await vi.waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("That passkey did not sign you in."));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("asks for a second factor, keeps focus on a wrong code with the server's words, then signs in", async () => {
    let tries = 0;
    const calls = fakeApi({
      [`POST ${adminEndpoints.session}`]: { enabled: true, signedIn: false, secondFactor: ["totp", "recovery"] },
      [`POST ${teamEndpoints.secondFactor}`]: () => (++tries === 1 ? refusal(401, "That code did not match.") : signedIn),
      [`GET ${adminEndpoints.status}`]: signedIn,
    });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    await givePassword();

    const heading = await screen.findByRole("heading", { name: copy.secondStep.heading });
    expect(heading).toHaveFocus();
    expect(calls.find((call) => call.path === adminEndpoints.session)?.body).toEqual({ email: "ann@example.com", password: "correct horse battery" });
    // No passkey on this account: no passkey button.
    expect(screen.queryByRole("button", { name: copy.secondStep.passkey })).not.toBeInTheDocument();

    const code = screen.getByRole("textbox", { name: copy.secondStep.codeLabel });
    expect(code).toHaveAccessibleDescription(copy.secondStep.codeHint);
    await userEvent.type(code, "111 111");
    await userEvent.click(screen.getByRole("button", { name: copy.secondStep.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code did not match.");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(onSignedIn).not.toHaveBeenCalled();

    await userEvent.clear(code);
    await userEvent.type(code, "222222{Enter}");
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.path === teamEndpoints.secondFactor).map((call) => call.body)).toEqual([{ code: "111111" }, { code: "222222" }]);
  });

  it("signs in with a passkey: the server's options to the device, its answer back", async () => {
    const options = { challenge: "c2lnbi1pbg", allowCredentials: [] };
    const assertion = { id: "cred-1", type: "public-key" };
    webAuthn.startAuthentication.mockResolvedValue(assertion);
    const calls = fakeApi({
      [`POST ${adminEndpoints.session}`]: { enabled: true, signedIn: false, secondFactor: ["passkey", "recovery"] },
      [`POST ${teamEndpoints.passkeySignInOptions}`]: options,
      [`POST ${teamEndpoints.passkeySignInVerify}`]: signedIn,
      [`GET ${adminEndpoints.status}`]: signedIn,
    });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    await givePassword();
    await userEvent.click(await screen.findByRole("button", { name: copy.secondStep.passkey }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(calls.find((call) => call.path === teamEndpoints.passkeySignInVerify)?.body).toEqual({ response: assertion });
  });

  it("says so when the passkey is cancelled on the device, and leaves the code open", async () => {
    webAuthn.startAuthentication.mockRejectedValue(new DOMException("cancelled", "NotAllowedError"));
    fakeApi({
      [`POST ${adminEndpoints.session}`]: { enabled: true, signedIn: false, secondFactor: ["passkey"] },
      [`POST ${teamEndpoints.passkeySignInOptions}`]: { challenge: "x" },
    });
    render(<SignInForm onSignedIn={() => undefined} />);
    await givePassword();
    await userEvent.click(await screen.findByRole("button", { name: copy.secondStep.passkey }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.secondStep.passkeyFailed);
    expect(screen.getByRole("textbox", { name: copy.secondStep.codeLabel })).toHaveFocus();
  });

  it("refuses a wrong password on the first step, without a second", async () => {
    fakeApi({ [`POST ${adminEndpoints.session}`]: refusal(401, "Wrong email or password") });
    render(<SignInForm onSignedIn={() => undefined} />);
    await givePassword();
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.wrong);
    expect(screen.getByLabelText(adminCopy.signIn.passwordLabel)).toHaveFocus();
    expect(screen.queryByRole("heading", { name: copy.secondStep.heading })).not.toBeInTheDocument();
  });
});
