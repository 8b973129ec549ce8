import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentDates, lastModified } from "./content-dates";

// What each page shows, as its build read it (page-content.ts).
const about = ["content/about.md", "content/meta/about.yaml"];
const freelancers = ["content/pages/freelancers.yaml", "content/faqs/freelancers.yaml"];
const home = ["content/home/", "content/pages/home.yaml"];
const contact = ["content/pages/contact.yaml"];

describe("a page's lastmod", () => {
  let dir: string;
  const git = (args: string[], date?: string) =>
    execFileSync("git", args, {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@localhost", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@localhost", ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}) },
    }).trim();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "content-dates-"));
    await mkdir(path.join(dir, "content", "faqs"), { recursive: true });
    await mkdir(path.join(dir, "content", "home"), { recursive: true });
    git(["init", "--quiet"]);
    await writeFile(path.join(dir, "content", "about.md"), "About\n");
    await writeFile(path.join(dir, "content", "faqs", "freelancers.yaml"), "a: 1\n");
    git(["add", "--all"]);
    git(["commit", "--quiet", "-m", "one"], "2026-01-05T10:00:00Z");
    await writeFile(path.join(dir, "content", "faqs", "freelancers.yaml"), "a: 2\n");
    git(["commit", "--quiet", "-am", "two"], "2026-03-01T10:00:00Z");
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("is the day the page's own content files last changed, not the build's", () => {
    const dates = contentDates({ cwd: dir });
    expect(lastModified(about, dates)).toBe("2026-01-05");
    expect(lastModified(freelancers, dates)).toBe("2026-03-01");
    // No content file of its own in this history: no date at all.
    expect(lastModified(home, dates)).toBeUndefined();
    expect(lastModified(contact, dates)).toBeUndefined();
  });

  it("when publishing, comes from the commit being built, read from the checkout's git folder", async () => {
    // The publisher builds a snapshot commit, not yet on the branch, in a folder without .git.
    await writeFile(path.join(dir, "content", "home", "hero.yaml"), "headline: New\n");
    git(["add", "--all"]);
    const tree = git(["write-tree"]);
    const commit = git(["commit-tree", tree, "-p", "HEAD", "-m", "snapshot"], "2026-04-10T10:00:00Z");
    const outside = await mkdtemp(path.join(tmpdir(), "content-dates-build-"));
    try {
      const dates = contentDates({ cwd: outside, gitDir: path.join(dir, ".git"), revision: commit });
      expect(lastModified(home, dates)).toBe("2026-04-10");
      expect(lastModified(about, dates)).toBe("2026-01-05");
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("is left out without a history", async () => {
    const bare = await mkdtemp(path.join(tmpdir(), "content-dates-none-"));
    try {
      expect(contentDates({ cwd: bare, gitDir: path.join(bare, ".git") })).toBeUndefined();
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
