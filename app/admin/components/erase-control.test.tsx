// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { adminCopy } from "~/admin/data/admin";
import { EraseControl } from "./erase-control";

afterEach(cleanup);

describe("EraseControl by role", () => {
  it("lets a role without erasure download the person's data but not erase it", () => {
    render(<EraseControl email="ann@example.com" onErased={() => undefined} onUnauthorized={() => undefined} canErase={false} />);
    expect(screen.getByRole("button", { name: adminCopy.person.download("ann@example.com") })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: adminCopy.erase.start("ann@example.com") })).not.toBeInTheDocument();
  });

  it("offers the owner both", () => {
    render(<EraseControl email="ann@example.com" onErased={() => undefined} onUnauthorized={() => undefined} />);
    expect(screen.getByRole("button", { name: adminCopy.erase.start("ann@example.com") })).toBeInTheDocument();
  });
});
