/**
 * A passkey held in memory, for the server's tests of WebAuthn (the browser journeys use Chromium's
 * own virtual authenticator). It answers a server's options as a browser would in WebAuthn's JSON
 * form: a P-256 key pair, "none" attestation, and a signature counter. It signs what it is given, so
 * a test can also make the answers an attacker would (another origin, an old challenge, a copied key).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** The CBOR (RFC 8949) a WebAuthn attestation needs: whole numbers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(majorType: number, length: number): Buffer {
  if (length < 24) {
    return Buffer.from([(majorType << 5) | length]);
  }
  if (length < 0x100) {
    return Buffer.from([(majorType << 5) | 24, length]);
  }
  const head = Buffer.alloc(3);
  head[0] = (majorType << 5) | 25;
  head.writeUInt16BE(length, 1);
  return head;
}

function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) {
    return Buffer.concat([cborHead(2, value.length), value]);
  }
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)])]);
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftwareAuthenticator {
  credentialId: string;
  /** The public key as WebAuthn stores it (COSE), for a test that puts the passkey straight into the database. */
  cosePublicKey: Uint8Array;
  /** The signature counter the next answer carries less one; a test may set it back, as a copied key would. */
  counter: number;
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Record<string, unknown>;
  authenticate(options: { challenge: string; rpId?: string }, origin: string): Record<string, unknown>;
}

/** A new passkey, or a known one (the demo's): its PKCS#8 private key (base64), credential id and counter. */
export function createSoftwareAuthenticator(known?: { privateKey: string; credentialId: string; counter: number }): SoftwareAuthenticator {
  const privateKey = known ? createPrivateKey({ key: Buffer.from(known.privateKey, 'base64'), format: 'der', type: 'pkcs8' }) : generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const publicKey = createPublicKey(privateKey);
  const credentialIdBytes = known ? Buffer.from(known.credentialId, 'base64url') : randomBytes(32);
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = new Map<Cbor, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const counterBytes = (counter: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // Flags: user present (0x01) and verified (0x04); 0x40 when a credential follows.
  const authenticator: SoftwareAuthenticator = {
    credentialId: base64url(credentialIdBytes),
    cosePublicKey: encodeCbor(cosePublicKey),
    counter: known?.counter ?? 0,
    register(options, origin) {
      const credentialIdLength = Buffer.alloc(2);
      credentialIdLength.writeUInt16BE(credentialIdBytes.length);
      const authData = Buffer.concat([
        sha256(options.rp.id ?? new URL(origin).hostname),
        Buffer.from([0x45]),
        counterBytes(authenticator.counter),
        Buffer.alloc(16), // AAGUID: none
        credentialIdLength,
        credentialIdBytes,
        encodeCbor(cosePublicKey),
      ]);
      const attestationObject = encodeCbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: { clientDataJSON: base64url(clientData('webauthn.create', options.challenge, origin)), attestationObject: base64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, origin) {
      authenticator.counter += 1;
      const authData = Buffer.concat([sha256(options.rpId ?? new URL(origin).hostname), Buffer.from([0x05]), counterBytes(authenticator.counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: { clientDataJSON: base64url(clientDataJSON), authenticatorData: base64url(authData), signature: base64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return authenticator;
}
