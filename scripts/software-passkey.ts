import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

// A passkey held by a test rather than by a browser: it answers the server's
// WebAuthn ceremonies as a browser and an authenticator together do (a P-256
// key, "none" attestation, the JSON the browser sends), so a test can sign in
// as a real client without a browser, or hand the same key to Chromium's
// virtual authenticator (`privateKeyPkcs8`). Its signature counter moves by
// `step` per use: 1 as a security key's does, 0 as a synced passkey's stays.

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** The few CBOR types WebAuthn's attestation and COSE key use. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
  // Bytes, asked last: the unit tests run in VM contexts, where a Buffer made by Node itself is not an instance of the context's Uint8Array.
  return Buffer.concat([head(2, value.length), value]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

export interface RegistrationOptions {
  challenge: string;
  rp: { id?: string };
  user?: { id: string };
}
export interface AuthenticationOptions {
  challenge: string;
  rpId?: string;
}

/** What another test process needs to use the same passkey. */
export interface SavedPasskey {
  origin: string;
  id: string;
  privateKeyPkcs8: string;
  userHandle?: string;
}

export class SoftwarePasskey {
  /** The credential id, base64url. */
  readonly id: string;
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject };
  private readonly step: number;
  counter = 0;
  userHandle?: string;

  constructor(
    readonly origin: string,
    { saved, step = 0 }: { saved?: Omit<SavedPasskey, "origin">; step?: number } = {},
  ) {
    this.step = step;
    this.id = saved?.id ?? b64url(randomBytes(16));
    if (saved) {
      const privateKey = createPrivateKey({ key: Buffer.from(saved.privateKeyPkcs8, "base64"), format: "der", type: "pkcs8" });
      this.key = { privateKey, publicKey: createPublicKey(privateKey) };
    } else this.key = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.userHandle = saved?.userHandle;
  }

  get rpId() {
    return new URL(this.origin).hostname;
  }

  save(): SavedPasskey {
    return { origin: this.origin, id: this.id, privateKeyPkcs8: this.privateKeyPkcs8, userHandle: this.userHandle };
  }

  /** For Chromium's virtual authenticator (WebAuthn.addCredential takes plain base64). */
  get privateKeyPkcs8() {
    return this.key.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (what `startRegistration` returns in a browser); `origin` is the page's. */
  register(options: RegistrationOptions, origin = this.origin) {
    this.userHandle = options.user?.id;
    const jwk = this.key.publicKey.export({ format: "jwk" });
    const cose = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    const rawId = Buffer.from(this.id, "base64url");
    const idLength = Buffer.from([rawId.length >> 8, rawId.length & 0xff]);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, cbor(cose)]);
    // Flags: user present, user verified, attested credential data.
    const authData = Buffer.concat([sha256(options.rp.id ?? this.rpId), Buffer.from([0x45]), uint32(this.counter), attested]);
    const attestationObject = cbor(new Map<string, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * The answer to authentication options (what `startAuthentication` returns);
   * `userVerified: false` is a key touched without its PIN or fingerprint.
   */
  authenticate(options: AuthenticationOptions, origin = this.origin, { userVerified = true }: { userVerified?: boolean } = {}) {
    this.counter += this.step;
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    // Flags: user present, and user verified unless told otherwise.
    const authData = Buffer.concat([sha256(options.rpId ?? this.rpId), Buffer.from([userVerified ? 0x05 : 0x01]), uint32(this.counter)]);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
