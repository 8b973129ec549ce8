// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { download, Unauthorized } from "./admin-api";

// A file from the owner-only API is fetched first and saved from a Blob: an
// ended session is Unauthorized and nothing is saved.

const clicks: { href: string; download: string }[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clicks.length = 0;
});

function answer(response: Response) {
  vi.stubGlobal("fetch", vi.fn(async () => response));
  URL.createObjectURL = vi.fn(() => "blob:saved");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download });
  });
}

describe("download", () => {
  it("saves the answer under the name the server gives", async () => {
    answer(new Response('{"email":"a@b.co"}', { headers: { "content-disposition": 'attachment; filename="personal-data-2026-11-25.json"' } }));
    expect(await download("/api/admin/person", { method: "POST" }, "fallback.json")).toBe("personal-data-2026-11-25.json");
    expect(clicks).toEqual([{ href: "blob:saved", download: "personal-data-2026-11-25.json" }]);
  });

  it("saves nothing when the session has ended", async () => {
    answer(new Response('{"statusCode":401}', { status: 401 }));
    await expect(download("/api/admin/person", { method: "POST" }, "fallback.json")).rejects.toBeInstanceOf(Unauthorized);
    expect(clicks).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
