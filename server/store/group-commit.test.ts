import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GroupCommitDialect, type GroupCommitDriver } from "./group-commit";

// The group-commit driver on a real SQLite file: what a caller of
// db.transaction() can rely on, checked through a second, plain connection.

interface TestSchema {
  items: { id: number | null; owner: string; value: string };
  parents: { id: number };
  children: { id: number | null; parent_id: number };
}

let dir: string;
let file: string;
let db: Kysely<TestSchema>;
let driver: GroupCommitDriver;
let reader: SqliteDatabase.Database;

async function open(maxGroup?: number, syncWal?: () => Promise<void>) {
  const database = new SqliteDatabase(file);
  database.pragma("journal_mode = WAL");
  database.pragma(syncWal ? "synchronous = NORMAL" : "synchronous = FULL");
  database.pragma("foreign_keys = ON");
  const dialect = new GroupCommitDialect({ database, maxGroup, syncWal });
  db = new Kysely<TestSchema>({ dialect });
  await sql`create table if not exists items (id integer primary key, owner text not null, value text not null unique)`.execute(db);
  await sql`create table if not exists parents (id integer primary key)`.execute(db);
  await sql`create table if not exists children (id integer primary key, parent_id integer not null references parents (id) deferrable initially deferred)`.execute(
    db,
  );
  driver = dialect.driver as GroupCommitDriver;
}

/** What another connection (another process) sees: committed rows only. */
const committedValues = () => (reader.prepare("select value from items order by id").all() as { value: string }[]).map((row) => row.value);

const insert = (trx: Kysely<TestSchema>, owner: string, value: string) => trx.insertInto("items").values({ id: null, owner, value }).execute();

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "group-commit-"));
  file = path.join(dir, "test.db");
  await open();
  reader = new SqliteDatabase(file, { readonly: true });
});

afterEach(async () => {
  releaseHeldSyncs();
  reader.close();
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe("group commit", () => {
  it("lets concurrent transactions share one COMMIT, and resolves each only once its rows are committed", async () => {
    const before = driver.commits;
    const seenAtResolve: string[][] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db
          .transaction()
          .execute((trx) => insert(trx, `caller-${i}`, `value-${i}`))
          .then(() => seenAtResolve.push(committedValues())),
      ),
    );
    expect(driver.commits - before).toBe(1);
    expect(committedValues()).toHaveLength(20);
    // Every caller, when told "done", could already read its row from another connection.
    for (const seen of seenAtResolve) expect(seen).toHaveLength(20);
  });

  it("rolls back only the work of a caller that throws", async () => {
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, "a", "a-1")),
      db.transaction().execute(async (trx) => {
        await insert(trx, "b", "b-1");
        throw new Error("b changed its mind");
      }),
      db.transaction().execute((trx) => insert(trx, "c", "c-1")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: "b changed its mind" });
    expect(committedValues()).toEqual(["a-1", "c-1"]);
  });

  it("rolls back a caller whose statement fails, and keeps the others", async () => {
    await insert(db, "first", "taken");
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, "a", "a-1")),
      db.transaction().execute(async (trx) => {
        await insert(trx, "b", "b-1");
        await insert(trx, "b", "taken"); // unique violation
      }),
      db.transaction().execute((trx) => insert(trx, "c", "c-1")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(committedValues()).toEqual(["taken", "a-1", "c-1"]);
  });

  it("rejects every caller of a group whose COMMIT fails, stores none of it, and carries on afterwards", async () => {
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, "a", "a-1")),
      // A deferred foreign key is checked at COMMIT: this one fails the whole group.
      db.transaction().execute((trx) => trx.insertInto("children").values({ id: null, parent_id: 42 }).execute()),
      db.transaction().execute((trx) => insert(trx, "c", "c-1")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const result of results) expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_CONSTRAINT_FOREIGNKEY" });
    expect(committedValues()).toEqual([]);

    await db.transaction().execute((trx) => insert(trx, "d", "d-1"));
    expect(committedValues()).toEqual(["d-1"]);
  });

  it("commits what is pending before a statement outside a transaction, which then sees it", async () => {
    const pending = db.transaction().execute((trx) => insert(trx, "a", "a-1"));
    const rows = await db.selectFrom("items").select("value").execute();
    expect(rows.map((row) => row.value)).toEqual(["a-1"]);
    await pending;
    // A write outside a transaction is committed (durable) when it resolves.
    await insert(db, "b", "b-1");
    expect(committedValues()).toEqual(["a-1", "b-1"]);
  });

  it("never interleaves two transactions' statements, even across awaits", async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all(
      ["a", "b", "c"].map((owner) =>
        db.transaction().execute(async (trx) => {
          await insert(trx, owner, `${owner}-1`);
          await pause();
          await insert(trx, owner, `${owner}-2`);
        }),
      ),
    );
    expect(committedValues()).toEqual(["a-1", "a-2", "b-1", "b-2", "c-1", "c-2"]);
  });

  it("runs transactions in the order they were asked for, and commits at most maxGroup per COMMIT", async () => {
    await db.destroy();
    await open(4);
    const before = driver.commits;
    await Promise.all(Array.from({ length: 10 }, (_, i) => db.transaction().execute((trx) => insert(trx, "x", `v-${i}`))));
    expect(committedValues()).toEqual(Array.from({ length: 10 }, (_, i) => `v-${i}`));
    expect(driver.commits - before).toBe(3);
  });

  it("keeps a transaction's own savepoints (controlled transactions)", async () => {
    const trx = await db.startTransaction().execute();
    await insert(trx, "a", "a-1");
    const afterFirst = await trx.savepoint("after_first").execute();
    await insert(afterFirst, "a", "a-2");
    await afterFirst.rollbackToSavepoint("after_first").execute();
    await trx.commit().execute();
    expect(committedValues()).toEqual(["a-1"]);
  });
});

/** Finishes every sync a test still holds, so afterEach can close the database. */
let releaseHeldSyncs = () => {};

/**
 * A stand-in for the WAL's fdatasync: passes straight through until hold(),
 * then each call records what was committed when it began and waits for the
 * test to finish() it.
 */
function heldSyncs() {
  const started: { committedAtStart: string[]; finish: (error?: Error) => void }[] = [];
  let holding = false;
  const syncWal = () =>
    holding
      ? new Promise<void>((resolve, reject) => {
          started.push({ committedAtStart: committedValues(), finish: (error) => (error ? reject(error) : resolve()) });
        })
      : Promise.resolve();
  releaseHeldSyncs = () => {
    holding = false;
    for (const sync of started) sync.finish();
  };
  return { started, syncWal, hold: () => (holding = true) };
}

/** Reopens the database with syncs that the test finishes by hand (the schema is set up first). */
async function reopenWithHeldSyncs() {
  await db.destroy();
  const syncs = heldSyncs();
  await open(undefined, syncs.syncWal);
  syncs.hold();
  return syncs;
}

/** Lets pending callbacks (setImmediate flushes, promise chains) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("group commit with the WAL synced off the event loop", () => {
  it("answers a caller only after a sync that began after its COMMIT", async () => {
    const syncs = await reopenWithHeldSyncs();

    let done = false;
    const saving = db
      .transaction()
      .execute((trx) => insert(trx, "a", "a-1"))
      .then(() => (done = true));
    await settle();
    expect(syncs.started).toHaveLength(1);
    expect(syncs.started[0]?.committedAtStart).toEqual(["a-1"]);
    expect(done).toBe(false);
    syncs.started[0]?.finish();
    await saving;
  });

  it("keeps the group open while a sync is in flight, so one COMMIT and one sync serve everyone who arrived meanwhile", async () => {
    const syncs = await reopenWithHeldSyncs();

    const first = db.transaction().execute((trx) => insert(trx, "a", "a-1"));
    await settle();
    expect(syncs.started).toHaveLength(1);
    const commitsBefore = driver.commits;
    const later = Array.from({ length: 5 }, (_, i) => db.transaction().execute((trx) => insert(trx, "b", `b-${i}`)));
    await settle();
    // Nothing new is committed or synced while the first sync runs.
    expect(driver.commits).toBe(commitsBefore);
    expect(syncs.started).toHaveLength(1);
    expect(committedValues()).toEqual(["a-1"]);

    syncs.started[0]?.finish();
    await first;
    await settle();
    expect(driver.commits).toBe(commitsBefore + 1);
    expect(syncs.started).toHaveLength(2);
    expect(syncs.started[1]?.committedAtStart).toEqual(["a-1", "b-0", "b-1", "b-2", "b-3", "b-4"]);
    syncs.started[1]?.finish();
    await Promise.all(later);
  });

  it("rejects the callers a failed sync was to make durable, and syncs again for the next", async () => {
    const syncs = await reopenWithHeldSyncs();

    const lost = db.transaction().execute((trx) => insert(trx, "a", "a-1"));
    await settle();
    syncs.started[0]?.finish(new Error("EIO"));
    await expect(lost).rejects.toThrow("EIO");

    const next = db.transaction().execute((trx) => insert(trx, "b", "b-1"));
    await settle();
    expect(syncs.started).toHaveLength(2);
    syncs.started[1]?.finish();
    await next;
  });

  it("makes a write outside a transaction durable before it resolves, and syncs once more on close", async () => {
    const syncs = await reopenWithHeldSyncs();

    let done = false;
    const writing = insert(db, "a", "a-1").then(() => (done = true));
    await settle();
    expect(syncs.started).toHaveLength(1);
    expect(done).toBe(false);
    syncs.started[0]?.finish();
    await writing;

    // A read needs no sync.
    await db.selectFrom("items").select("value").execute();
    expect(syncs.started).toHaveLength(1);

    const closing = db.destroy();
    await settle();
    expect(syncs.started).toHaveLength(2);
    syncs.started[1]?.finish();
    await closing;
    await open();
  });
});
