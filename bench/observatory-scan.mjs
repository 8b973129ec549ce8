// Child process of bench/observatory.ts: the MDN HTTP Observatory's own scan
// (src/scanner/index.js), with one change: the retriever gets the loopback
// ports, which the package's CLI cannot pass. Usage:
//   NODE_EXTRA_CA_CERTS=cert.pem node bench/observatory-scan.mjs <packageDir> <host> <httpPort> <httpsPort>
import path from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, hostname, httpPort, httpsPort] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(path.join(packageDir, "src", file)).href);
const { retrieve } = await load("retriever/retriever.js");
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load("grader/charts.js");
const { getGradeForScore, getScoreModifier } = await load("grader/grader.js");
const { ALL_TESTS, NUM_TESTS } = await load("constants.js");

const r = await retrieve(hostname, { httpPort, httpsPort });
if (!r.responses.auto) throw new Error("The site seems to be down.");
const results = ALL_TESTS.map((test) => test(r));
let passed = 0;
let withExtraCredit = 100;
let uncurved = 100;
for (const result of results) {
  if (!result.result) continue;
  const modifier = getScoreModifier(result.result);
  passed += result.pass ? 1 : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
console.log(
  JSON.stringify({
    grade: final.grade,
    score: final.score,
    status: r.responses.auto.status,
    verified: r.responses.auto.verified,
    testsPassed: passed,
    testsQuantity: NUM_TESTS,
    tests: results.map((result) => ({ name: result.constructor.name, pass: result.pass, result: result.result, modifier: getScoreModifier(result.result) })),
  }),
);
