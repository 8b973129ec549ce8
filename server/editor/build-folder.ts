import { existsSync } from "node:fs";
import { mkdir, readdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import type { Git } from "./git";

// A build folder apart from the checkout, holding one tree of its history
// exactly (a publish's snapshot, or the committed content `npm start` builds):
// the build reads those files, never the working tree's drafts.

/**
 * The project's packages for a build folder outside the checkout: a real
 * node_modules folder holding one link per package of the checkout's. The
 * pre-render imports the server build from the build folder and resolves its
 * packages upwards from there; a real folder (not one link to the checkout's)
 * keeps what the build writes into node_modules (Vite's bundled config) in the
 * build folder, so the checkout's packages can stay read-only.
 */
export async function linkPackages(sourceDir: string, buildDir: string) {
  const from = path.join(sourceDir, "node_modules");
  if (!existsSync(from)) return;
  const to = path.join(buildDir, "node_modules");
  // A node_modules that came with the tree (a link committed by mistake) would send the links into the checkout's packages.
  await rm(to, { recursive: true, force: true });
  await mkdir(to);
  for (const entry of await readdir(from)) {
    if (entry.startsWith(".") && entry !== ".bin") continue;
    await symlink(path.join(from, entry), path.join(to, entry));
  }
}

/** Writes the files of a scratch index (GIT_INDEX_FILE) into the build folder, removes the index, and links the checkout's packages there. */
export async function exportIndex(git: Git, indexFile: string, buildDir: string) {
  await mkdir(buildDir, { recursive: true });
  await git(["checkout-index", "--all", "--force", `--prefix=${buildDir}${path.sep}`], { env: { GIT_INDEX_FILE: indexFile } });
  await rm(indexFile, { force: true });
  await linkPackages(git.dir, buildDir);
}
