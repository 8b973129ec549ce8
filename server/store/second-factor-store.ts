import type { Kysely } from "kysely";
import type { Database } from "./schema";

// The rows behind the team's second factors (server/team/second-factor/ gives
// them their meaning: codes, keys, ceremonies). Each "once only" rule is one
// conditional UPDATE or DELETE, so two instances racing with the same code or
// challenge cannot both win.

export interface PasskeyRow {
  id: string;
  personId: string;
  /** base64url COSE key. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface TotpRow {
  /** Sealed; only the second-factor module opens it. */
  secret: string;
  confirmedAt: string | null;
  lastUsedStep: number | null;
}

/** register and sign-in (the second step) and confirm are a session's; passkey-only is a sign-in's before it has one. */
export type ChallengePurpose = "register" | "sign-in" | "confirm" | "passkey-only";

export interface SecondFactorStore {
  passkeysOf(personId: string): Promise<PasskeyRow[]>;
  passkey(id: string): Promise<PasskeyRow | undefined>;
  addPasskey(row: Omit<PasskeyRow, "lastUsedAt">): Promise<void>;
  /** Records a use: the new counter and when. False when the passkey is gone. */
  passkeyUsed(id: string, counter: number, at: string): Promise<boolean>;
  removePasskey(personId: string, id: string): Promise<boolean>;

  totpOf(personId: string): Promise<TotpRow | undefined>;
  /** The sealed secret being set up, not yet confirmed. */
  pendingTotpOf(personId: string): Promise<string | undefined>;
  /** A new pending secret, replacing any pending one; a confirmed one stays until this one is confirmed. */
  putPendingTotp(personId: string, secret: string, at: string): Promise<void>;
  /** The pending secret becomes the person's authenticator (and `step` its first used code). */
  confirmTotp(personId: string, secret: string, step: number, at: string): Promise<boolean>;
  /** Takes the step if it is later than the last one taken: true once per code. */
  takeTotpStep(personId: string, step: number): Promise<boolean>;
  removeTotp(personId: string): Promise<boolean>;

  unusedRecoveryCodes(personId: string): Promise<number>;
  /** The person's codes, all replaced by these. */
  replaceRecoveryCodes(personId: string, codeHashes: readonly string[]): Promise<void>;
  /** Spends one unused code: true once. */
  useRecoveryCode(personId: string, codeHash: string, at: string): Promise<boolean>;

  putChallenge(idHash: string, purpose: ChallengePurpose, challenge: string, expiresAt: string, now: string): Promise<void>;
  /** The live challenge, removed as it is read: each one is answered once. */
  takeChallenge(idHash: string, purpose: ChallengePurpose, now: string): Promise<string | undefined>;

  /** Counts one more wrong second step for the session; answers the count. */
  addFailure(idHash: string, expiresAt: string, now: string): Promise<number>;
  failures(idHash: string): Promise<number>;

  /** Everything of the person's. */
  forget(personId: string): Promise<void>;
}

const json = (text: string): string[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
};

export function createSecondFactorStore(db: Kysely<Database>): SecondFactorStore {
  const toPasskey = (row: Database["team_passkeys"]): PasskeyRow => ({
    id: row.id,
    personId: row.person_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: json(row.transports),
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  });

  return {
    async passkeysOf(personId) {
      const rows = await db.selectFrom("team_passkeys").selectAll().where("person_id", "=", personId).orderBy("created_at").orderBy("id").execute();
      return rows.map(toPasskey);
    },
    async passkey(id) {
      const row = await db.selectFrom("team_passkeys").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toPasskey(row);
    },
    async addPasskey(row) {
      await db
        .insertInto("team_passkeys")
        .values({
          id: row.id,
          person_id: row.personId,
          public_key: row.publicKey,
          counter: row.counter,
          transports: JSON.stringify(row.transports),
          name: row.name,
          created_at: row.createdAt,
          last_used_at: null,
        })
        .execute();
    },
    async passkeyUsed(id, counter, at) {
      const result = await db.updateTable("team_passkeys").set({ counter, last_used_at: at }).where("id", "=", id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async removePasskey(personId, id) {
      const result = await db.deleteFrom("team_passkeys").where("person_id", "=", personId).where("id", "=", id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async totpOf(personId) {
      const row = await db.selectFrom("team_totp").select(["secret", "confirmed_at", "last_used_step"]).where("person_id", "=", personId).executeTakeFirst();
      return row && { secret: row.secret, confirmedAt: row.confirmed_at, lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step) };
    },
    async pendingTotpOf(personId) {
      const row = await db
        .selectFrom("team_totp")
        .select("secret")
        .where("person_id", "in", [personId, pendingKey(personId)])
        .where("confirmed_at", "is", null)
        .executeTakeFirst();
      return row?.secret;
    },
    async putPendingTotp(personId, secret, at) {
      await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom("team_totp").select("confirmed_at").where("person_id", "=", personId).executeTakeFirst();
        // A confirmed authenticator keeps working until its replacement is confirmed: the pending one waits in a row of its own.
        const key = current?.confirmed_at ? pendingKey(personId) : personId;
        await trx.deleteFrom("team_totp").where("person_id", "=", key).execute();
        await trx.insertInto("team_totp").values({ person_id: key, secret, confirmed_at: null, last_used_step: null, created_at: at }).execute();
      });
    },
    async confirmTotp(personId, secret, step, at) {
      return db.transaction().execute(async (trx) => {
        const pending = await trx
          .selectFrom("team_totp")
          .select("person_id")
          .where("person_id", "in", [personId, pendingKey(personId)])
          .where("secret", "=", secret)
          .where("confirmed_at", "is", null)
          .executeTakeFirst();
        if (!pending) return false;
        await trx.deleteFrom("team_totp").where("person_id", "in", [personId, pendingKey(personId)]).execute();
        await trx.insertInto("team_totp").values({ person_id: personId, secret, confirmed_at: at, last_used_step: step, created_at: at }).execute();
        return true;
      });
    },
    async takeTotpStep(personId, step) {
      const result = await db
        .updateTable("team_totp")
        .set({ last_used_step: step })
        .where("person_id", "=", personId)
        .where("confirmed_at", "is not", null)
        .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async removeTotp(personId) {
      const result = await db.deleteFrom("team_totp").where("person_id", "in", [personId, pendingKey(personId)]).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async unusedRecoveryCodes(personId) {
      const row = await db
        .selectFrom("team_recovery_codes")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("person_id", "=", personId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async replaceRecoveryCodes(personId, codeHashes) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("team_recovery_codes").where("person_id", "=", personId).execute();
        await trx
          .insertInto("team_recovery_codes")
          .values(codeHashes.map((code_hash) => ({ person_id: personId, code_hash, used_at: null })))
          .execute();
      });
    },
    async useRecoveryCode(personId, codeHash, at) {
      const result = await db
        .updateTable("team_recovery_codes")
        .set({ used_at: at })
        .where("person_id", "=", personId)
        .where("code_hash", "=", codeHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async putChallenge(idHash, purpose, challenge, expiresAt, now) {
      await db.transaction().execute(async (trx) => {
        // Sweep the expired ones now and then: each ceremony begun is a good moment.
        await trx.deleteFrom("team_challenges").where("expires_at", "<=", now).execute();
        await trx.deleteFrom("team_challenges").where("id_hash", "=", idHash).where("purpose", "=", purpose).execute();
        await trx.insertInto("team_challenges").values({ id_hash: idHash, purpose, challenge, expires_at: expiresAt }).execute();
      });
    },
    async takeChallenge(idHash, purpose, now) {
      const row = await db.selectFrom("team_challenges").select(["challenge", "expires_at"]).where("id_hash", "=", idHash).where("purpose", "=", purpose).executeTakeFirst();
      if (!row) return undefined;
      const taken = await db
        .deleteFrom("team_challenges")
        .where("id_hash", "=", idHash)
        .where("purpose", "=", purpose)
        .where("challenge", "=", row.challenge)
        .executeTakeFirst();
      return taken.numDeletedRows > 0n && row.expires_at > now ? row.challenge : undefined;
    },

    async addFailure(idHash, expiresAt, now) {
      await db.deleteFrom("team_second_step_failures").where("expires_at", "<=", now).execute();
      const row = await db
        .insertInto("team_second_step_failures")
        .values({ id_hash: idHash, failures: 1, expires_at: expiresAt })
        .onConflict((oc) => oc.column("id_hash").doUpdateSet((eb) => ({ failures: eb("team_second_step_failures.failures", "+", 1), expires_at: expiresAt })))
        .returning("failures")
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },
    async failures(idHash) {
      const row = await db.selectFrom("team_second_step_failures").select("failures").where("id_hash", "=", idHash).executeTakeFirst();
      return row ? Number(row.failures) : 0;
    },

    async forget(personId) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("team_passkeys").where("person_id", "=", personId).execute();
        await trx.deleteFrom("team_totp").where("person_id", "in", [personId, pendingKey(personId)]).execute();
        await trx.deleteFrom("team_recovery_codes").where("person_id", "=", personId).execute();
      });
    },
  };
}

/** Where a replacement authenticator waits while the confirmed one still works. */
const pendingKey = (personId: string) => `${personId}:pending`;
