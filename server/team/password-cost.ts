// The cost of hashing a team password, on its own so the unit tests can lower
// it for every file at once (vitest.setup.ts): a stored hash names its own
// parameters, so checking one costs what it was made with. The browser suite
// and every running server use this one.

/** scrypt at N=2^15, r=8, p=1: OWASP's minimum for scrypt; about 75 ms and 32 MiB per hash. */
export const PASSWORD_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
