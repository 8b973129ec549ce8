// The content editor's publishing API: paths and answer shapes shared by the
// editor's bundle (editor/) and the server (server/editor/). Behind the
// owner's session like the rest of /api/admin.
import { ADMIN_API } from "./admin";

export const CONTENT_API = `${ADMIN_API}/content`;

export const contentEndpoints = {
  status: `${CONTENT_API}/status`,
  preview: `${CONTENT_API}/preview`,
  publish: `${CONTENT_API}/publish`,
} as const;

/** Where the editor's UI and its file API live (Keystatic fixes both paths). */
export const EDITOR_PATH = "/keystatic";
export const EDITOR_API = "/api/keystatic";
/** The last preview build, served to the signed-in owner only. */
export const PREVIEW_PATH = "/admin/preview";

export type PublishJob = "preview" | "publish";

export interface PublishStatus {
  /** False when CONTENT_EDITOR is off: nothing here can be built or published. */
  enabled: boolean;
  /** A build runs (one at a time) or not. */
  state: "idle" | "building";
  /** What the running or last build was for. */
  job?: PublishJob;
  /** Files under content/ (and uploaded pictures) changed since the last publish. */
  drafts: string[];
  /** The build now served: its commit and when it was swapped in. */
  published?: { commit: string; at: string; durationMs: number };
  /** The last preview build, if newer than the last publish. */
  preview?: { at: string };
  /** Why the last build failed (the build's own message, e.g. the file, field and reason); absent after a success. */
  error?: { job: PublishJob; at: string; message: string };
}

