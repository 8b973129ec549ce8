// One snapshot in a process of its own, printed as JSON: sqlite-snapshot.test.ts starts it the ways
// the server is started, to show the backup thread loads under each.
// Usage: node [--import tsx] snapshot-process.test-support.ts <live.db> <copy.db> [--register-tsx]
import { argv } from "node:process";

const [live, copy, mode] = argv.slice(2);
if (!live || !copy) throw new Error("usage: snapshot-process.test-support.ts <live.db> <copy.db> [--register-tsx]");
// As `npm start` runs the server: tsx registered on the main thread only, not passed on to threads.
if (mode === "--register-tsx") (await import("tsx/esm/api")).register();
const { snapshotSqlite } = await import("./sqlite-snapshot.ts");
console.log(JSON.stringify(await snapshotSqlite(live, copy)));
