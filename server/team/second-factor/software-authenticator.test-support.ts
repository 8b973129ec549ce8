import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { encodeCBOR, type CBORType } from "@levischuck/tiny-cbor";

// A passkey in software, for the tests: a P-256 key that answers WebAuthn's
// registration ("none" attestation) and authentication the way a browser and
// an authenticator together would, as the JSON the browser sends.

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

export interface SoftwareAuthenticator {
  /** base64url credential id. */
  id: string;
  counter: number;
  /** navigator.credentials.create() answered, as JSON. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): object;
  /** navigator.credentials.get() answered, as JSON; the counter moves on by `step`. */
  authenticate(options: { challenge: string; rpId?: string }, origin: string, step?: number): object;
}

export function softwareAuthenticator(): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" }) as { privateKey: KeyObject; publicKey: KeyObject };
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  const coseKey = encodeCBOR(
    new Map<number, number | Uint8Array>([
      [COSE.kty, COSE.EC2],
      [COSE.alg, COSE.ES256],
      [COSE.crv, COSE.P256],
      [COSE.x, Buffer.from(jwk.x!, "base64url")],
      [COSE.y, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const authenticator: SoftwareAuthenticator = {
    id: b64url(credentialId),
    counter: 0,
    register(options, origin) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(options.rp.id!),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
        uint32(authenticator.counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(coseKey),
      ]);
      const attestationObject = encodeCBOR(new Map<string, CBORType>([
          ["fmt", "none"],
          ["attStmt", new Map<string, CBORType>()],
          ["authData", authData],
        ]));
      return {
        id: authenticator.id,
        rawId: authenticator.id,
        type: "public-key",
        response: { clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    authenticate(options, origin, step = 1) {
      authenticator.counter += step;
      const authData = Buffer.concat([sha256(options.rpId!), Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]), uint32(authenticator.counter)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: authenticator.id,
        rawId: authenticator.id,
        type: "public-key",
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
        clientExtensionResults: {},
      };
    },
  };
  return authenticator;
}
