// The 2026-era requestState key: 32 random bytes in the state directory, 0600, the same for every reader (two servers
// of one state directory verify each other's states), narrowed to 0600 when found wider, replaced when not 32 bytes.
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REQUEST_STATE_KEY_FILE, readRequestStateKey } from "../src/state/requestStateKey.js";

describe("readRequestStateKey", () => {
  it("creates 32 random bytes with mode 0600, then reads the same key", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "preflow-key-")), "state");
    const first = readRequestStateKey(dir);
    expect(first.length).toBe(32);
    const file = join(dir, REQUEST_STATE_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readRequestStateKey(dir)).toEqual(first);
    expect(readRequestStateKey(join(mkdtempSync(join(tmpdir(), "preflow-key-")), "state"))).not.toEqual(
      first,
    );
  });

  it("narrows a key file readable by others to 0600, and replaces one of the wrong length", () => {
    const dir = mkdtempSync(join(tmpdir(), "preflow-key-"));
    const file = join(dir, REQUEST_STATE_KEY_FILE);
    const key = readRequestStateKey(dir);
    chmodSync(file, 0o644);
    expect(readRequestStateKey(dir)).toEqual(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, "short");
    const replaced = readRequestStateKey(dir);
    expect(replaced.length).toBe(32);
    expect(readFileSync(file).length).toBe(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
