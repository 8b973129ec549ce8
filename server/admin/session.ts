import { SESSION_TTL_MS } from "../store/team-store";
import { resolvePersistedSecret } from "../secrets";

// The team's session cookie. The sessions themselves are rows in the store
// (store/team-store.ts), each a person's; passwords are the team's
// (team/passwords.ts).

export const SESSION_COOKIE = "__Host-admin-session";
const SECRET_FILE = "admin-session.secret";

/** ADMIN_SESSION_SECRET, or a random key generated once into dataDir (shared by instances on the same disk). */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return resolvePersistedSecret(configured, dataDir, SECRET_FILE, "ADMIN_SESSION_SECRET");
}

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The cookie lasts as long as the session may (ADMIN_SESSION_HOURS); the store ends it sooner when idle. */
export function sessionCookie(token: string, maxAgeMs = SESSION_TTL_MS): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; Secure; SameSite=Strict`;
}

export const clearedSessionCookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
