// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetCopy as copy } from "~/admin/data/admin-team";
import { teamEndpoints } from "../../../contract/team";
import { fakeApi, refusal } from "./fake-api.test-support";
import { ForgotPassword, PasswordReset } from "./password-reset";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = "t".repeat(43);

describe("PasswordReset", () => {
  it("names whose link it is, sets the new password, and goes back to sign-in", async () => {
    const calls = fakeApi({
      [`GET ${teamEndpoints.passwordResetLink}`]: { email: "ann@example.com" },
      [`POST ${teamEndpoints.passwordResetLink}`]: { reset: true },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<PasswordReset token={TOKEN} onDone={onDone} onGone={() => undefined} />);
    expect(await screen.findByText(copy.forWhom("ann@example.com"))).toBeTruthy();
    await user.type(screen.getByLabelText(copy.passwordLabel), "a brand new passphrase");
    await user.click(screen.getByRole("button", { name: copy.submit }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ token: TOKEN, password: "a brand new passphrase" });
  });

  it("says which rule a refused password broke, and leaves a used link for sign-in", async () => {
    let answer: Response = refusal(400, "That password is on a list of common passwords: choose another.");
    fakeApi({ [`GET ${teamEndpoints.passwordResetLink}`]: { email: "ann@example.com" }, [`POST ${teamEndpoints.passwordResetLink}`]: () => answer });
    const onGone = vi.fn();
    const user = userEvent.setup();
    render(<PasswordReset token={TOKEN} onDone={() => undefined} onGone={onGone} />);
    await user.type(await screen.findByLabelText(copy.passwordLabel), "password1234");
    await user.click(screen.getByRole("button", { name: copy.submit }));
    expect(await screen.findByText(/common passwords/)).toBeTruthy();
    expect(screen.getByLabelText(copy.passwordLabel).getAttribute("aria-invalid")).toBe("true");
    answer = refusal(404, "gone");
    await user.click(screen.getByRole("button", { name: copy.submit }));
    await vi.waitFor(() => expect(onGone).toHaveBeenCalled());
  });

  it("goes straight back when the link is used or expired", async () => {
    fakeApi({ [`GET ${teamEndpoints.passwordResetLink}`]: refusal(404, "gone") });
    const onGone = vi.fn();
    render(<PasswordReset token={TOKEN} onDone={() => undefined} onGone={onGone} />);
    await vi.waitFor(() => expect(onGone).toHaveBeenCalled());
  });
});

describe("ForgotPassword", () => {
  it("asks for the email, then says a link is on its way whoever it is", async () => {
    const calls = fakeApi({ [`POST ${teamEndpoints.passwordReset}`]: Response.json({ sent: true }, { status: 202 }) });
    const user = userEvent.setup();
    render(<ForgotPassword />);
    await user.click(screen.getByText(copy.forgot.summary));
    await user.click(screen.getByRole("button", { name: copy.forgot.submit }));
    expect(screen.getByText(copy.forgot.emptyEmail)).toBeTruthy();
    await user.type(screen.getByLabelText(copy.forgot.emailLabel), "ann@example.com");
    await user.click(screen.getByRole("button", { name: copy.forgot.submit }));
    expect(await screen.findByText(copy.forgot.sent)).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([{ email: "ann@example.com" }]);
  });
});
