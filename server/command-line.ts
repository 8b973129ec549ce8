import { pathToFileURL } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";

// What the owner's command-line tools share (`npm run leads`, `npm run
// analytics`): one way to read `COMMAND --option value`, to answer a usage
// error (exit 2, the usage on stderr) or --help, and to run as a script.

export class UsageError extends Error {}

/** Where a command writes, and the environment it reads its configuration from (tests pass their own). */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env?: Record<string, string | undefined>;
}

export type OptionValues = Record<string, string | boolean | undefined>;

/** Reads `argv` as one of `commands` and its options; throws a UsageError naming what is wrong. */
export function parseCommand(argv: string[], commands: readonly string[], options: NonNullable<ParseArgsConfig["options"]>): { command: string; values: OptionValues } | { help: true } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...options, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const [command] = positionals;
  if (positionals.length !== 1 || command === undefined || !commands.includes(command)) {
    throw new UsageError(`Unknown command: ${positionals.join(" ") || "(none)"}. The commands are: ${commands.join(", ")}.`);
  }
  return { command, values: values as OptionValues };
}

/** Runs a command: --help prints `usage`; a UsageError prints it with the reason and exits 2. */
export async function runCommand<Args>(io: Io, usage: string, parse: () => Args | { help: true }, run: (args: Args) => Promise<number>): Promise<number> {
  let args;
  try {
    args = parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (typeof args === "object" && args !== null && "help" in args && args.help === true) {
    io.out(`${usage}\n`);
    return 0;
  }
  return run(args as Args);
}

/** Runs `main` with the process's arguments and streams when `moduleUrl` is the script node was started with. */
export function runAsScript(moduleUrl: string, main: (argv: string[], io: Io) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main(process.argv.slice(2), { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
