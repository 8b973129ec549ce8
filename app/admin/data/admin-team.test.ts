import { describe, expect, it } from "vitest";
import { roleNames, teamNavCopy } from "./admin-team";

describe("teamNavCopy.signedInAs", () => {
  it("names the person and their role", () => {
    expect(teamNavCopy.signedInAs("Sam Owner", roleNames.owner)).toBe("Sam Owner, Owner");
    expect(teamNavCopy.signedInAs("Nia", roleNames.inbox)).toBe(`Nia, ${roleNames.inbox}`);
  });

  it("says a name that is the role's once: the first owner is called Owner", () => {
    expect(teamNavCopy.signedInAs("Owner", roleNames.owner)).toBe("Owner");
  });
});
