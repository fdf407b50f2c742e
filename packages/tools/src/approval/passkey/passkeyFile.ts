// The enrolled passkey: `<stateDir>/passkey.json` (mode 0600), written once by `preflow-tools enroll-passkey`. It holds
// the credential's id, its PUBLIC key (COSE, base64url) and the signature counter the authenticator last reported;
// the private key never leaves the authenticator. Read strictly: a file that is not exactly this shape is an error
// (an approval then cannot be authenticated and nothing is signed), never silently "no passkey".
import { join } from "node:path";
import { ToolsError } from "../../errors/base.js";
import { readJsonFile, writeJsonAtomic } from "../../state/writeJsonAtomic.js";

/** The file name of the enrolled passkey inside the state directory. @internal */
export const PASSKEY_FILE_NAME = "passkey.json";
/** The relying party every preflow passkey belongs to: the loopback pages are served on `http://localhost:<port>`. */
export const PASSKEY_RP_ID = "localhost";

/** An enrolled passkey (public side only). @internal */
export interface EnrolledPasskey {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The signature counter last seen (an assertion must carry a larger one, unless the authenticator keeps none). */
  counter: number;
  transports: string[];
  /** Epoch ms. */
  enrolledAt: number;
}

const B64URL = /^[A-Za-z0-9_-]{16,1400}$/;
const TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

/** The passkey file of a state directory. @internal */
export const passkeyFile = (stateDir: string): string => join(stateDir, PASSKEY_FILE_NAME);

function invalid(file: string, rule: string): never {
  throw new ToolsError({
    code: "INVALID_CONFIG",
    message: `The enrolled passkey in ${file} ${rule}; enrol again with \`preflow-tools enroll-passkey --replace\`. Nothing was signed.`,
    details: { file },
  });
}

/** The enrolled passkey, `undefined` when none is enrolled; throws INVALID_CONFIG on a damaged file. @internal */
export function readPasskey(stateDir: string): EnrolledPasskey | undefined {
  const file = passkeyFile(stateDir);
  let raw: unknown;
  try {
    raw = readJsonFile(file);
  } catch {
    return invalid(file, "is not readable JSON");
  }
  if (raw === undefined) return undefined;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return invalid(file, "is not an object");
  const value = raw as Record<string, unknown>;
  const keys = Object.keys(value).sort().join(",");
  if (keys !== "counter,enrolledAt,id,publicKey,transports")
    return invalid(file, "must have exactly id, publicKey, counter, transports and enrolledAt");
  const { id, publicKey, counter, transports, enrolledAt } = value;
  if (typeof id !== "string" || !B64URL.test(id)) return invalid(file, "has an id that is not base64url");
  if (typeof publicKey !== "string" || !B64URL.test(publicKey))
    return invalid(file, "has a publicKey that is not base64url");
  if (typeof counter !== "number" || !Number.isSafeInteger(counter) || counter < 0)
    return invalid(file, "has a counter that is not a whole number ≥ 0");
  if (!Array.isArray(transports) || !transports.every((entry) => TRANSPORTS.has(entry as string)))
    return invalid(file, "has unknown transports");
  if (typeof enrolledAt !== "number" || !Number.isSafeInteger(enrolledAt))
    return invalid(file, "has an enrolledAt that is not epoch milliseconds");
  return { id, publicKey, counter, transports: transports as string[], enrolledAt };
}

/** Writes the enrolled passkey (atomically, mode 0600, its directory 0700). @internal */
export function writePasskey(stateDir: string, passkey: EnrolledPasskey): void {
  writeJsonAtomic(passkeyFile(stateDir), passkey);
}
