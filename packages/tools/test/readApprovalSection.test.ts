// The policy file's `approval` section is checked strictly with the rest of the file: known keys only (the nearest
// named), amounts as decimal strings, tokens of the registry, a whole number of seconds, a known mode.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as core from "@preflow/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadApproval } from "../src/approval/loadApproval.js";
import { policyVersion } from "../src/approval/policyVersion.js";
import { InvalidPolicyError } from "../src/errors/policy.js";
import { readPolicyFile } from "../src/policy/readPolicyFile.js";

const dir = mkdtempSync(join(tmpdir(), "preflow-approval-policy-"));
let count = 0;
const fileWith = (json: unknown): string => {
  const file = join(dir, `policy-${count++}.json`);
  writeFileSync(file, typeof json === "string" ? json : JSON.stringify(json));
  return file;
};
const refusal = (approval: unknown): { path: string; rule: string } => {
  try {
    const raw = readPolicyFile(fileWith({ approval }));
    if (raw.approval) loadApproval(raw.approval, core, raw.file);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPolicyError);
    return (error as InvalidPolicyError).details as { path: string; rule: string };
  }
  throw new Error("not refused");
};

describe("the approval section of the policy file", () => {
  it("reads the documented example, resolving tokens to the registry's addresses and base units", () => {
    const raw = readPolicyFile(
      fileWith({ approval: { above: { USDm: "5", USDC: "5" }, timeoutSeconds: 300, mode: "form" } }),
    );
    expect(raw.approval).toEqual({
      above: [
        { key: "USDm", amount: "5" },
        { key: "USDC", amount: "5" },
      ],
      timeoutSeconds: 300,
      mode: "form",
      linkSeconds: 600,
    });
    expect(policyVersion(raw.text)).toMatch(/^[0-9a-f]{16}$/);
    const loaded = loadApproval(raw.approval!, core, raw.file);
    expect(loaded.above.get(core.TOKENS.USDm.address.toLowerCase())?.above).toBe(5n * 10n ** 18n);
    expect(loaded.above.get(core.TOKENS.USDC.address.toLowerCase())?.above).toBe(5_000_000n);
    expect(loaded.mode).toBe("form");
  });

  it("defaults to form mode and 300 s; two files differ in version", () => {
    const a = readPolicyFile(fileWith({ approval: { above: { USDm: "5" } } }));
    const b = readPolicyFile(fileWith({ approval: { above: { USDm: "6" } } }));
    expect(a.approval).toMatchObject({ timeoutSeconds: 300, mode: "form" });
    expect(policyVersion(a.text)).not.toBe(policyVersion(b.text));
  });

  it("refuses unknown keys, naming the nearest, and bad values, naming the path", () => {
    expect(refusal({ above: { USDm: "5" }, mod: "url" })).toMatchObject({
      path: "approval.mod",
      rule: expect.stringContaining("did you mean mode?"),
    });
    expect(refusal({ above: { USDm: 5 } })).toMatchObject({ path: "approval.above.USDm" });
    expect(refusal({ above: {} })).toMatchObject({ path: "approval.above" });
    expect(refusal({})).toMatchObject({ path: "approval.above" });
    expect(refusal("yes")).toMatchObject({ path: "approval" });
    expect(refusal({ above: { USDm: "5" }, mode: "email" })).toMatchObject({ path: "approval.mode" });
    expect(refusal({ above: { USDm: "5" }, timeoutSeconds: 0 })).toMatchObject({
      path: "approval.timeoutSeconds",
    });
    expect(refusal({ above: { USDm: "5" }, timeoutSeconds: 2.5 })).toMatchObject({
      path: "approval.timeoutSeconds",
    });
    expect(refusal({ above: { USDm: "5" }, timeoutSeconds: 3601 })).toMatchObject({
      path: "approval.timeoutSeconds",
    });
    for (const linkSeconds of [0, 2.5, 3601, "600"]) {
      expect(refusal({ above: { USDm: "5" }, linkSeconds })).toMatchObject({ path: "approval.linkSeconds" });
    }
    expect(
      readPolicyFile(fileWith({ approval: { above: { USDm: "5" }, linkSeconds: 90 } })).approval,
    ).toMatchObject({
      linkSeconds: 90,
    });
    expect(refusal({ above: { NOPE: "5" } })).toMatchObject({
      path: "approval.above.NOPE",
      rule: expect.stringContaining("not a token of the registry"),
    });
    expect(refusal({ above: { USDC: "0.0000001" } })).toMatchObject({ path: "approval.above.USDC" });
    expect(
      refusal({ above: { USDm: "5", "0x765DE816845861e75A25fCA122bb6898B8B1282a": "6" } }),
    ).toMatchObject({
      rule: expect.stringContaining("a second time"),
    });
  });

  it("never accepts a section that is not the documented shape, and never throws anything but InvalidPolicyError", () => {
    fc.assert(
      fc.property(fc.anything(), (approval) => {
        let raw: ReturnType<typeof readPolicyFile> | undefined;
        try {
          raw = readPolicyFile(fileWith({ approval }));
          if (raw.approval) loadApproval(raw.approval, core, raw.file);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidPolicyError);
          return;
        }
        // Accepted: absent (JSON drops undefined), or an object with a non-empty `above` of decimal strings.
        if (approval === undefined) return;
        expect(Object.keys(raw?.approval?.above ?? {}).length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
