// Prints a free port (free-port.ts) for freePortSync(), which runs this file
// in a child Node process (its own types stripped by Node) and waits for it.
import { freePort } from "./free-port.ts";

process.stdout.write(String(await freePort()));
