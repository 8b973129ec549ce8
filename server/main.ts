import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { ensurePrivateDir } from "./private-files";
import { SecretError } from "./secrets";

// The entry point: read the configuration, build the app, listen, and close
// cleanly on SIGTERM/SIGINT so in-flight requests finish.

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  ensurePrivateDir(config.dataDir);
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}


main().catch((error: unknown) => {
  // A damaged key file is an operator's to fix: say which, without a stack.
  console.error(error instanceof SecretError ? error.message : error);
  process.exit(1);
});
