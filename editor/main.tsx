// The owner's content editor: Keystatic's UI under the publishing bar. Its own
// bundle (editor/vite.config.ts), served only to a signed-in owner at /keystatic.
import type { Config } from "@keystatic/core";
import { Keystatic } from "@keystatic/core/ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { editorConfig, type EditorStorage } from "./keystatic.config";
import { nameUnnamedButtons } from "./label-fixes";
import { PublishBar } from "./publish-bar";
import "./editor.css";

// GitHub mode is chosen when the bundle is built (docs/content-editor.md).
const githubRepo = import.meta.env.VITE_KEYSTATIC_GITHUB_REPO as EditorStorage extends { repo: infer R } ? R | undefined : never;
const storage: EditorStorage = githubRepo ? { kind: "github", repo: githubRepo } : { kind: "local" };
// The UI takes any config; the typed one's `ui` callbacks are narrower than its signature admits.
const config = editorConfig(storage) as unknown as Config;

const root = document.getElementById("editor")!;
nameUnnamedButtons(root);
createRoot(root).render(
  <StrictMode>
    {storage.kind === "local" && <PublishBar />}
    <div className="editor-main">
      <Keystatic config={config} />
    </div>
  </StrictMode>,
);
