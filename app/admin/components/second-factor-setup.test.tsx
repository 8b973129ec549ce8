// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recoveryCopy, secondFactorCopy as copy } from "~/admin/data/admin-team";
import { teamEndpoints } from "../../../contract/team";
import { fakeApi, refusal } from "./fake-api.test-support";
import { SecondFactorSetup } from "./second-factor-setup";

const webAuthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => webAuthn);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const codes = Array.from({ length: 10 }, (_, index) => `code-${index}`);

describe("SecondFactorSetup", () => {
  it("sets up an authenticator app from its QR code and key, then shows the ten recovery codes once", async () => {
    let confirmed = 0;
    const calls = fakeApi({
      [`POST ${teamEndpoints.totp}`]: { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/Site:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Site" },
      [`POST ${teamEndpoints.totpConfirm}`]: () => (++confirmed === 1 ? refusal(400, "That code has expired or is wrong.") : { codes }),
    });
    const createObjectURL = vi.fn(() => "blob:codes");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const onDone = vi.fn();
    render(<SecondFactorSetup required onDone={onDone} onUnauthorized={() => undefined} />);

    await userEvent.click(screen.getByRole("button", { name: copy.totp.start }));
    expect(await screen.findByRole("heading", { name: copy.totp.heading })).toHaveFocus();
    expect(screen.getByRole("img", { name: copy.totp.qrAlt })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: copy.totp.secretLabel })).toHaveValue("JBSWY3DPEHPK3PXP");

    const code = screen.getByRole("textbox", { name: copy.totp.codeLabel });
    await userEvent.type(code, "123 456{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("That code has expired or is wrong.");
    expect(code).toHaveFocus();

    await userEvent.clear(code);
    await userEvent.type(code, "654321{Enter}");
    const heading = await screen.findByRole("heading", { name: recoveryCopy.heading });
    expect(heading).toHaveFocus();
    expect(within(screen.getByRole("list", { name: recoveryCopy.listLabel })).getAllByRole("listitem").map((item) => item.textContent)).toEqual(codes);
    expect(calls.filter((call) => call.path === teamEndpoints.totpConfirm).map((call) => call.body)).toEqual([{ code: "123456" }, { code: "654321" }]);

    await userEvent.click(screen.getByRole("button", { name: recoveryCopy.download }));
    const file = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await file.text()).toContain(codes.join("\n"));

    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: recoveryCopy.saved }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("adds a named passkey; as the first factor it brings recovery codes", async () => {
    const options = { challenge: "cmVnaXN0ZXI", rp: { name: "Site" } };
    const attestation = { id: "new-cred", type: "public-key" };
    webAuthn.startRegistration.mockResolvedValue(attestation);
    const calls = fakeApi({
      [`POST ${teamEndpoints.passkeyOptions}`]: options,
      [`POST ${teamEndpoints.passkeyVerify}`]: {},
      [`POST ${teamEndpoints.recoveryCodes}`]: { codes },
    });
    render(<SecondFactorSetup required onDone={() => undefined} onUnauthorized={() => undefined} />);

    await userEvent.click(screen.getByRole("button", { name: copy.passkey.add }));
    const name = screen.getByRole("textbox", { name: copy.passkey.nameLabel });
    expect(name).toHaveAccessibleDescription(expect.stringContaining(copy.passkey.emptyName));
    expect(name).toHaveFocus();

    await userEvent.type(name, "Work laptop{Enter}");
    expect(await screen.findByRole("heading", { name: recoveryCopy.heading })).toBeInTheDocument();
    expect(webAuthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(calls.find((call) => call.path === teamEndpoints.passkeyVerify)?.body).toEqual({ response: attestation, name: "Work laptop" });
  });
});
