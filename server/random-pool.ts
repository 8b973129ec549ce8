import { randomBytes } from "node:crypto";

// Random bytes drawn from the system in bulk: one call per POOL_BYTES, not one
// per token or row id (each call costs more than the bytes it returns).

const POOL_BYTES = 8192;
let pool = Buffer.alloc(0);
let offset = 0;

/** `count` (at most POOL_BYTES) fresh random bytes; each byte is handed out once. */
export function pooledRandomBytes(count: number): Buffer {
  if (offset + count > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + count);
  offset += count;
  return bytes;
}
