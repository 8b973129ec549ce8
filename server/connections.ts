import type { Server } from "node:net";
import { clientKey } from "./api/visitor";

// A cap on the connections one client address may hold open at once, so a
// handful of hosts cannot take every file descriptor the server has. Counted
// per socket address: behind a reverse proxy every connection comes from the
// proxy, so there the cap must be sized for the proxy (or switched off, 0).

/** At most one log line per this long about refused connections, however many there are. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Closes each new connection beyond `max` from the same address (IPv6 per
 * /64); 0 switches the cap off. `warn` hears of refusals at most once a minute
 * (with how many), never with the address.
 */
export function capConnectionsPerAddress(server: Server, max: number, warn?: (refused: number) => void): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  let refused = 0;
  let lastWarned = 0;
  server.on("connection", (socket) => {
    const key = clientKey(socket.remoteAddress ?? "");
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      refused += 1;
      if (warn && Date.now() - lastWarned >= REFUSAL_LOG_INTERVAL_MS) {
        warn(refused);
        refused = 0;
        lastWarned = Date.now();
      }
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
