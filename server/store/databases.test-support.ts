import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";

// The external services the tests use, and whether they can be reached. Away
// from CI a missing PostgreSQL or Redis skips its suite with a plain notice;
// under CI=true the suite runs and fails.

export const isCI = process.env.CI === "true";
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const testRedisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisReachable(): Promise<boolean> {
  const redis = new Redis(testRedisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether to run a suite needing `service`; says so plainly when it skips. */
export function shouldRun(service: string, reachable: boolean): boolean {
  if (reachable || isCI) return true;
  console.warn(`${service} is unreachable: skipping its tests here (under CI=true they run and fail).`);
  return false;
}

export interface ScratchDatabase {
  /** For openDatabase: SQLite's folder, or the URL of a fresh PostgreSQL database. */
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of the given kind, removed again by drop(). */
export async function scratchDatabase(kind: "sqlite" | "postgres"): Promise<ScratchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "leads-db-"));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === "sqlite") return { dataDir, drop: removeDir };

  // A database of its own, not a schema in a shared one: the migrator lists the tables of every
  // schema in its database, and another test dropping its schema meanwhile failed that listing
  // ("schema … does not exist") in full runs. A database's catalogue is its own.
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.href,
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      await client.query(`drop database ${name} with (force)`);
      await client.end();
      await removeDir();
    },
  };
}
