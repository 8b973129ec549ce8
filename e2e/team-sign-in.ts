import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminEndpoints } from "../contract/admin";
import { teamEndpoints, type InviteCreated, type RecoveryCodes, type Role, type SignInState } from "../contract/team";
import { SoftwarePasskey, type AuthenticationOptions, type RegistrationOptions, type SavedPasskey } from "../scripts/software-passkey";

// Signing in to the owner's screens as a real client does: email and password,
// then a passkey. The owner's first sign-in (a deployment upgraded from
// ADMIN_PASSWORD) must set a second factor up; `enrolOwner` does that once per
// server with a passkey the test holds, and every test then signs in with it
// through the API, so the browser context carries a session as after a sign-in.

/** The shared test server's owner: TEAM_EMAIL's default and the ADMIN_PASSWORD playwright.config.ts sets. */
export const OWNER_EMAIL = "team@localhost";
export const OWNER_PASSWORD = "e2e-admin-password";
/** Where e2e/owner.setup.ts keeps the owner's passkey: beside the server's data, so both go together. */
export const ownerFile = path.join(process.env.E2E_DATA_DIR ?? "build/e2e-data", "e2e-owner.json");

export interface Owner {
  email: string;
  password: string;
  passkey: SoftwarePasskey;
  name?: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Email and password: the sign-in's first step. */
export async function signInWithPassword(request: APIRequestContext, base: string, email: string, password: string): Promise<SignInState> {
  return ok<SignInState>(await request.post(`${base}${adminEndpoints.session}`, { data: { email, password } }));
}

/** The second step with the test's passkey. */
export async function passkeyStep(request: APIRequestContext, base: string, passkey: SoftwarePasskey) {
  const options = await ok<AuthenticationOptions>(await request.post(`${base}${teamEndpoints.passkeySignInOptions}`, { data: {} }));
  await ok(await request.post(`${base}${teamEndpoints.passkeySignInVerify}`, { data: { response: passkey.authenticate(options) } }));
}

/** Registers a passkey for whoever `request` is signed in as; answers the recovery codes when it was their first factor. */
export async function addPasskey(request: APIRequestContext, base: string, passkey: SoftwarePasskey, name = "Test passkey"): Promise<Partial<RecoveryCodes>> {
  const options = await ok<RegistrationOptions>(await request.post(`${base}${teamEndpoints.passkeyOptions}`, { data: {} }));
  return ok<Partial<RecoveryCodes>>(await request.post(`${base}${teamEndpoints.passkeyVerify}`, { data: { response: passkey.register(options), name } }));
}

/** The owner's first sign-in: password, then a passkey set up as the server asks. */
export async function enrolOwner(request: APIRequestContext, base: string, email: string, password: string): Promise<Owner> {
  const passkey = new SoftwarePasskey(base);
  const state = await signInWithPassword(request, base, email, password);
  expect(state.signedIn, "the upgraded owner has no second factor yet").toBe(true);
  await addPasskey(request, base, passkey, "The tests' passkey");
  await request.delete(`${base}${adminEndpoints.session}`);
  return { email, password, passkey };
}

/** The running test's site address (playwright.config.ts's baseURL). */
export const baseOf = () => test.info().project.use.baseURL!;

/** Signs the page's browser context in (the context shares its cookies with `page.request`), by default as the owner. */
export async function signInAsOwner(page: Page, person: Owner = owner(), base = baseOf()) {
  const state = await signInWithPassword(page.request, base, person.email, person.password);
  expect(state.secondFactor).toContain("passkey");
  await passkeyStep(page.request, base, person.passkey);
}

/** The shared server's owner as e2e/owner.setup.ts left them, in any test process. */
export function owner(base = baseOf()): Owner {
  const saved = JSON.parse(readFileSync(ownerFile, "utf8")) as SavedPasskey;
  // The key is bound to the domain (localhost), not the port, which each run chooses anew: sign from this run's page.
  return { email: OWNER_EMAIL, password: OWNER_PASSWORD, passkey: new SoftwarePasskey(base, { saved }) };
}

/**
 * Gives the page's browser a passkey of the owner's, as a phone or a laptop holds one: registered for the owner
 * through the API, then put into Chromium's virtual authenticator (DevTools protocol `WebAuthn`). Each test gets its
 * own, since the browser counts its signatures and the server refuses a count that goes back.
 */
export async function browserPasskeyFor(page: Page, person: Owner = owner(), base = baseOf()) {
  const separate = await request.newContext();
  try {
    await signInWithPassword(separate, base, person.email, person.password);
    await passkeyStep(separate, base, person.passkey);
    const passkey = new SoftwarePasskey(base);
    await addPasskey(separate, base, passkey, "This browser");
    await separate.delete(`${base}${adminEndpoints.session}`);
    await addToVirtualAuthenticator(page, passkey);
    return passkey;
  } finally {
    await separate.dispose();
  }
}

/**
 * A virtual authenticator in the page's browser holding `passkey`: it answers at once, user verified. A
 * `discoverable` one also carries its person's user handle, as a passkey the device offers without being named does.
 */
export async function addToVirtualAuthenticator(page: Page, passkey?: SoftwarePasskey, { discoverable = false }: { discoverable?: boolean } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  if (passkey && discoverable && !passkey.userHandle) throw new Error("A discoverable passkey needs the user handle its registration gave: register it first.");
  if (passkey)
    await cdp.send("WebAuthn.addCredential", {
      authenticatorId,
      credential: {
        credentialId: Buffer.from(passkey.id, "base64url").toString("base64"),
        isResidentCredential: discoverable,
        rpId: passkey.rpId,
        // WebAuthn.addCredential takes plain base64; the server gave the handle as base64url.
        ...(discoverable ? { userHandle: Buffer.from(passkey.userHandle!, "base64url").toString("base64") } : {}),
        privateKey: passkey.privateKeyPkcs8,
        signCount: 0,
      },
    });
  return { cdp, authenticatorId };
}

/**
 * A new person on the team, as the owner invites them and they join: the owner's invitation through the API, then the
 * person's own password and a passkey the test holds. For a test whose own actions must be told apart in the audit
 * trail, which names the person.
 */
export async function newTeamMember(role: Role, base = baseOf()): Promise<Owner> {
  const tag = Math.random().toString(36).slice(2, 10);
  const person = { email: `${role}-${tag}@example.co.uk`, name: `Test ${role} ${tag}`, password: `Lantern-${tag}-meadow-${tag}` };
  const byOwner = await request.newContext();
  const joining = await request.newContext();
  try {
    await signInWithPassword(byOwner, base, OWNER_EMAIL, OWNER_PASSWORD);
    await passkeyStep(byOwner, base, owner().passkey);
    const invited = await ok<InviteCreated>(await byOwner.post(`${base}${teamEndpoints.invites}`, { data: { email: person.email, role } }));
    await byOwner.delete(`${base}${adminEndpoints.session}`);
    const token = new URL(invited.link).hash.replace(/^#invite=/, "");
    await ok(await joining.post(`${base}${teamEndpoints.inviteLookup}`, { data: { token, name: person.name, password: person.password } }));
    const passkey = new SoftwarePasskey(base);
    await addPasskey(joining, base, passkey, "The tests' passkey");
    await joining.delete(`${base}${adminEndpoints.session}`);
    return { email: person.email, password: person.password, passkey, name: person.name };
  } finally {
    await byOwner.dispose();
    await joining.dispose();
  }
}
