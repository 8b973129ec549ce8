import { createHash, randomBytes } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "../../../contract/team";

// Recovery codes: twelve characters from an alphabet with no look-alikes (no
// 0/O, no 1/I), shown in groups of four, e.g. "K7MQ-4XRT-B9HN" (60 random
// bits). Only the hash of each is kept; a code is read back the way people
// type it: any case, with or without the dashes and spaces.

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const LENGTH = 12;
const GROUP = 4;

/** One new code, as shown. Each byte picks a letter: 256 is a multiple of 32, so every letter is as likely. */
function newCode(): string {
  const letters = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return letters.match(new RegExp(`.{${GROUP}}`, "g"))!.join("-");
}

export const newRecoveryCodes = (count = RECOVERY_CODE_COUNT): string[] => Array.from({ length: count }, newCode);

/** The code as typed, in the form its hash is of; undefined when it cannot be a recovery code. */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, "").toUpperCase();
  return code.length === LENGTH && [...code].every((letter) => ALPHABET.includes(letter)) ? code : undefined;
}

export const hashRecoveryCode = (normalised: string) => createHash("sha256").update(normalised).digest("base64url");
