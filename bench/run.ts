// `npm run bench`: builds the site, then runs every part in turn,
// each printing its table and writing bench/results/<part>.json.
//   node --import tsx bench/run.ts [--quick] [--only lighthouse,bytes,api,static,crash,observatory,backup,hostile,notices,analytics,privacy,first-tap,vitals,publish,publish-crash,spam,guessing] [--no-build] [--routes /,/contact]
// --quick: 1 Lighthouse run per route instead of 3, 3 s load runs instead of 10 s.
import { runAnalytics } from "./analytics";
import { runApi } from "./api";
import { runBackup } from "./backup";
import { buildSite, runBytes } from "./bytes";
import { runCrash } from "./crash";
import { runFirstTap } from "./first-tap";
import { runVitals } from "./vitals";
import { runGuessing } from "./guessing";
import { runHostile } from "./hostile";
import { flag, option } from "./lib";
import { runLighthouse } from "./lighthouse";
import { runNotices } from "./notices";
import { runObservatory } from "./observatory";
import { runPrivacy } from "./privacy";
import { runPublish } from "./publish";
import { runPublishCrash } from "./publish-crash";
import { runSpam } from "./spam";
import { runStatic } from "./static";

const parts = {
  bytes: () => runBytes({ skipBuild: true }),
  lighthouse: () => runLighthouse(),
  api: () => runApi(),
  static: () => runStatic(),
  crash: () => runCrash(),
  observatory: () => runObservatory(),
  backup: () => runBackup(),
  hostile: () => runHostile(),
  notices: () => runNotices(),
  analytics: () => runAnalytics(),
  privacy: () => runPrivacy(),
  "first-tap": () => runFirstTap(),
  vitals: () => runVitals(),
  publish: () => runPublish(),
  "publish-crash": () => runPublishCrash(),
  spam: () => runSpam(),
  guessing: () => runGuessing(),
} as const;
type Part = keyof typeof parts;

const only = option("only")?.split(",") as Part[] | undefined;
const chosen = (only ?? (Object.keys(parts) as Part[])).filter((part) => part in parts);

// The site is built once for every part, unless --no-build.
buildSite(flag("no-build"));
const failures: string[] = [];
for (const part of chosen) {
  console.log(`\n=== ${part} ===\n`);
  try {
    await parts[part]();
  } catch (error) {
    // One broken part must not hide the others' tables.
    failures.push(part);
    console.error(`${part} failed: ${(error as Error).message}`);
  }
}
if (failures.length > 0) {
  console.error(`\nFailed parts: ${failures.join(", ")}`);
  process.exit(1);
}
