// What the passkey code reads from outside — the state directory's passkey.json and whatever a page is posted — never
// throws anything but the package's own error, and garbage never verifies: fast-check over arbitrary JSON values
// and strings. The challenge binds what it says it binds (a different digest, tool, signer or id gives another).
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  approvalChallenge,
  verifyApprovalAssertion,
  verifyEnrolment,
} from "../src/approval/passkey/passkeyCeremony.js";
import {
  type EnrolledPasskey,
  passkeyFile,
  readPasskey,
  writePasskey,
} from "../src/approval/passkey/passkeyFile.js";
import { ToolsError } from "../src/errors/base.js";

const RUNS = Number(process.env.PASSKEY_PROPERTY_RUNS ?? 200);
const dir = mkdtempSync(join(tmpdir(), "preflow-passkey-file-"));
const passkey: EnrolledPasskey = {
  id: "AAECAwQFBgcICQoLDA0ODw",
  publicKey: "pQECAyYgASFYIFx0ZXN0cHVibGlja2V5eHh4eHh4eHh4eHh4eHh4eHg",
  counter: 3,
  transports: ["internal"],
  enrolledAt: 1_700_000_000_000,
};

describe("passkey.json", () => {
  it("reads what it wrote, with mode 0600; no file is no passkey", () => {
    const stateDir = join(dir, "round");
    expect(readPasskey(stateDir)).toBeUndefined();
    writePasskey(stateDir, passkey);
    expect(readPasskey(stateDir)).toEqual(passkey);
    expect(statSync(passkeyFile(stateDir)).mode & 0o777).toBe(0o600);
  });

  it("refuses any other shape with INVALID_CONFIG naming the file, never another error", () => {
    const stateDir = join(dir, "garbage");
    writePasskey(stateDir, passkey);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            ...Object.fromEntries(Object.entries(passkey).map(([name, value]) => [name, fc.constant(value)])),
            extra: fc.anything(),
          }),
        ),
        (value) => {
          writeFileSync(passkeyFile(stateDir), JSON.stringify(value) ?? "null");
          try {
            const read = readPasskey(stateDir);
            expect(read).toEqual(value);
          } catch (error) {
            expect(error).toBeInstanceOf(ToolsError);
            expect((error as ToolsError).code).toBe("INVALID_CONFIG");
            expect((error as ToolsError).message).toContain(passkeyFile(stateDir));
          }
        },
      ),
      { numRuns: RUNS },
    );
    writeFileSync(passkeyFile(stateDir), "{not json");
    expect(() => readPasskey(stateDir)).toThrow(/not readable JSON/);
    writeFileSync(passkeyFile(stateDir), JSON.stringify({ ...passkey, counter: -1 }));
    expect(() => readPasskey(stateDir)).toThrow(/counter/);
  });
});

describe("what a page is posted", () => {
  const challenge = approvalChallenge({
    digest: `0x${"ab".repeat(32)}`,
    tool: "send_token",
    signer: "0x1",
    approvalId: "a",
  });

  it("never verifies garbage and never throws, as an assertion or as an enrolment", async () => {
    const stateDir = join(dir, "posted");
    writePasskey(stateDir, passkey);
    const posted = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record({
          id: fc.constant(passkey.id),
          rawId: fc.string(),
          type: fc.string(),
          response: fc.jsonValue(),
        })
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(posted, async (text) => {
        const origin = "http://localhost:1234";
        expect(await verifyApprovalAssertion({ stateDir, passkey, posted: text, challenge, origin })).toBe(
          false,
        );
        expect(await verifyEnrolment({ posted: text, challenge, origin })).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
    // The counter is written only on a verified assertion.
    expect(readPasskey(stateDir)?.counter).toBe(3);
  });

  it("binds the digest, the tool, the signer and the approval id, and is fresh each time", () => {
    const base = {
      digest: `0x${"ab".repeat(32)}` as const,
      tool: "send_token",
      signer: "0x1",
      approvalId: "a",
    };
    const seen = new Set<string>();
    for (const binding of [
      base,
      base,
      { ...base, digest: `0x${"cd".repeat(32)}` as const },
      { ...base, tool: "execute_prepared_flow" },
      { ...base, signer: "0x2" },
      { ...base, approvalId: "b" },
    ]) {
      const made = approvalChallenge(binding);
      expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
      seen.add(made);
    }
    expect(seen.size).toBe(6);
  });
});
