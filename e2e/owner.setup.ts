import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { enrolOwner, OWNER_EMAIL, OWNER_PASSWORD, ownerFile, signInWithPassword } from "./team-sign-in";

// Before any test: the owner of the shared test server (a deployment that had
// only ADMIN_PASSWORD) signs in for the first time and sets up a passkey, as
// the server asks. The passkey is kept beside the server's data, so a second
// run on the same data signs in with it rather than enrolling again.

setup("the owner sets up a passkey at the first sign-in", async ({ request, baseURL }) => {
  const base = baseURL!;
  const state = await signInWithPassword(request, base, OWNER_EMAIL, OWNER_PASSWORD);
  if (state.secondFactor && existsSync(ownerFile)) return;
  await request.delete(`${base}/api/admin/session`);
  const enrolled = await enrolOwner(request, base, OWNER_EMAIL, OWNER_PASSWORD);
  mkdirSync(path.dirname(ownerFile), { recursive: true });
  writeFileSync(ownerFile, JSON.stringify(enrolled.passkey.save()));
});
