import { vi } from "vitest";

// The DOM matchers, for the component tests in jsdom only: the server's files,
// most of the suite, would each load them for nothing.
if (typeof document !== "undefined") await import("@testing-library/jest-dom/vitest");

// Team passwords hash at a test cost everywhere in this suite: at the shipped
// cost (about 75 ms each) the sign-in's tests of attempts arriving together
// spent most of the suite's time in scrypt. A stored hash names its own
// cost, so every path is the same but the number; server/team/passwords.test.ts
// checks the shipped cost, and the browser suite signs in at it.
vi.mock("./server/team/password-cost", () => ({ PASSWORD_COST: { N: 2 ** 10, r: 8, p: 1 } }));
