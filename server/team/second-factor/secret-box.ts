import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Authenticator secrets are sealed before they reach the store (AES-256-GCM
// under a key derived from the session secret with HKDF): a stolen backup or
// database copy alone cannot make anyone's codes. Each value is bound to its
// owner (the additional data), so a sealed secret copied into another person's
// row does not open.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string, owner: string): string;
  /** Throws when the value was not sealed under this key for this owner. */
  open(sealed: string, owner: string): string;
}

export function secretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secret, "", `team ${purpose}`, 32));
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), Buffer.concat([body, cipher.getAuthTag()]).toString("base64url")].join(".");
    },
    open(sealed, owner) {
      const [version, iv, rest] = sealed.split(".");
      if (version !== VERSION || !iv || !rest) throw new Error(`A sealed secret must read "${VERSION}.<iv>.<ciphertext>"`);
      const data = Buffer.from(rest, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url")).setAAD(Buffer.from(owner));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    },
  };
}
