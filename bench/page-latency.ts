// Page latencies for part c, in a process of its own so the load generator in
// the bench's process never delays the page client's clock. Prints "ready",
// samples on "go" (a line on stdin), then prints the latencies as JSON.
//   node --import tsx bench/page-latency.ts <base URL> <seconds>
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";
import { isMain, sleep } from "./lib";

/** Pre-rendered pages a visitor opens while others send leads: the home page and the form's own. */
export const PAGES = ["/", "/contact"] as const;
/** Page clients, each sending its next request PAGE_PAUSE_MS after an answer: a steady trickle, not a load of its own. */
export const PAGE_CLIENTS = 4;
const PAGE_PAUSE_MS = 10;

/**
 * Page latencies (ms, to the last byte) over `seconds`: PAGE_CLIENTS clients
 * on kept-alive connections, each taking PAGES in turn. Timed here rather than
 * by autocannon, whose latencies are whole milliseconds: an idle page takes
 * less than one.
 */
export async function samplePages(base: string, seconds: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: PAGE_CLIENTS });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const get = (page: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      request(`${base}${page}`, { agent, headers: { "accept-encoding": "br, gzip" } }, (response) => {
        response.on("data", () => undefined);
        response.on("end", () =>
          response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`GET ${page} answered ${response.statusCode}: pages must be served from the build`)),
        );
      })
        .on("error", reject)
        .end();
    });
  try {
    await Promise.all(
      Array.from({ length: PAGE_CLIENTS }, async (_, client) => {
        for (let turn = client; performance.now() < deadline; turn += 1) {
          latencies.push(await get(PAGES[turn % PAGES.length] ?? "/"));
          await sleep(PAGE_PAUSE_MS);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return latencies;
}

if (isMain(import.meta.url)) {
  const [base, seconds] = process.argv.slice(2);
  if (!base || !Number(seconds)) throw new Error("usage: page-latency.ts <base URL> <seconds>");
  console.log("ready");
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line !== "go") continue;
    lines.close();
    console.log(JSON.stringify(await samplePages(base, Number(seconds))));
  }
}
