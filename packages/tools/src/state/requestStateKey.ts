import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The file, in the state directory, of the key that seals the 2026-era `requestState` (HMAC). @internal */
export const REQUEST_STATE_KEY_FILE = "request-state.key";

/**
 * The server's `requestState` key: 32 random bytes kept in `<stateDir>/request-state.key` (mode 0600, created on
 * first use, exclusively: two processes starting together end up with the same key). A file of any other length is
 * replaced; one readable by others is narrowed to 0600. Never logged. @internal
 */
export function readRequestStateKey(stateDir: string): Uint8Array {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const file = join(stateDir, REQUEST_STATE_KEY_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const key = readFileSync(file);
      if (key.length === 32) {
        if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
        return new Uint8Array(key);
      }
      writeFileSync(file, randomBytes(32), { mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as { code?: string }).code !== "ENOENT") throw error;
      try {
        writeFileSync(file, randomBytes(32), { mode: 0o600, flag: "wx" });
      } catch (created) {
        if ((created as { code?: string }).code !== "EEXIST") throw created;
      }
    }
  }
  return new Uint8Array(readFileSync(file));
}
