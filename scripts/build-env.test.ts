import { describe, expect, it } from "vitest";
import { BuildEnvError, DEFAULT_SITE_URL, readBuildEnv } from "./build-env";

describe("readBuildEnv", () => {
  it("builds for this machine when nothing is set", () => {
    expect(readBuildEnv({})).toEqual({ siteUrl: DEFAULT_SITE_URL, apiBase: "" });
    expect(readBuildEnv({ PUBLIC_SITE_URL: "", PUBLIC_API_BASE: "" })).toEqual({ siteUrl: DEFAULT_SITE_URL, apiBase: "" });
  });

  it("writes the site's origin and the API base without a trailing slash", () => {
    expect(readBuildEnv({ PUBLIC_SITE_URL: "https://www.example.co.uk/", PUBLIC_API_BASE: "https://crm.example.co.uk/v1/" })).toEqual({
      siteUrl: "https://www.example.co.uk",
      apiBase: "https://crm.example.co.uk/v1",
    });
  });

  it("stops the build on a bad value, naming every bad variable in one message", () => {
    const read = () => readBuildEnv({ PUBLIC_SITE_URL: "www.example.co.uk", PUBLIC_API_BASE: "crm" });
    expect(read).toThrow(BuildEnvError);
    expect(read).toThrow(/PUBLIC_SITE_URL="www\.example\.co\.uk": must be the site's origin[\s\S]*PUBLIC_API_BASE="crm": must be empty/);
  });

  it("refuses a site address whose path every page URL would lose", () => {
    expect(() => readBuildEnv({ PUBLIC_SITE_URL: "https://example.co.uk/site" })).toThrow(/PUBLIC_SITE_URL/);
    expect(() => readBuildEnv({ PUBLIC_SITE_URL: "ftp://example.co.uk" })).toThrow(/PUBLIC_SITE_URL/);
  });
});
