// The server for the publish crash drill (bench/publish-crash.ts): server/main.ts
// with one fault armed. CRASH_AT_STEP names a step of a publish
// (server/editor/publisher.ts, PUBLISH_STEPS); when the publish reaches it,
// the whole process group is killed at once (SIGKILL, as systemd does after
// its stop timeout): no clean-up, no flush, the build child gone too.
import { publishFaults, type PublishStep } from "../server/editor/publisher";

const step = process.env.CRASH_AT_STEP as PublishStep | undefined;
if (step) {
  publishFaults.at = (reached) => {
    if (reached === step) process.kill(-process.pid, "SIGKILL");
  };
}
await import("../server/main");
