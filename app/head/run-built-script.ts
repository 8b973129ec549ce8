import { runInThisContext } from "node:vm";

/**
 * For tests: runs a head script's built string (`import code from "./x?inline-script"`)
 * as the browser runs an inline classic script, once, in this window (the test's
 * jsdom globals, its fake timers included). It evaluates the build's output, never
 * source written as a string; the file name marks its frames in a stack trace.
 */
export function runBuiltScript(code: string, name: string): void {
  runInThisContext(code, { filename: `inline-script:${name}` });
}
