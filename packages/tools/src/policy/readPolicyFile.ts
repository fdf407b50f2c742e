import { readFileSync } from "node:fs";
import { isRecord, nearestKey } from "@preflow/errors";
import { type RawApproval, readApprovalSection } from "../approval/readApprovalSection.js";
import { InvalidPolicyError } from "../errors/policy.js";
import { ADDRESS_PATTERN } from "../schemas/patterns.js";

/**
 * The spending-policy file as written (`PREFLOW_POLICY`), every key optional: per-token caps per call and
 * per rolling 24 h (human decimal strings; tokens by symbol or address), allowlists of recipients, spenders
 * and contracts, and whether unlimited approvals are allowed.
 *
 * @example
 * ```ts
 * import type { SpendingPolicyFile } from "@preflow/tools";
 *
 * const policy: SpendingPolicyFile = {
 *   caps: { USDm: { perCall: "5", perDay: "20" } },
 *   allow: { recipients: ["0x1111111111111111111111111111111111111111"] },
 *   allowUnlimitedApprovals: false,
 *   approval: { above: { USDm: "5", USDC: "5" }, timeoutSeconds: 300, mode: "form" },
 * };
 * ```
 */
export interface SpendingPolicyFile {
  caps?: Record<string, { perCall?: string; perDay?: string }>;
  allow?: { recipients?: string[]; spenders?: string[]; contracts?: string[] };
  allowUnlimitedApprovals?: boolean;
  /**
   * A flow that spends more than `above` of a token (amount plus fee, counted as the caps count it) is signed only
   * after a person approves it through the MCP client (`mode`: `"form"`, the client's own form, or `"url"`, a
   * one-time page on 127.0.0.1), within `timeoutSeconds` (default 300, bounded by the tool's answer bound).
   */
  approval?: { above: Record<string, string>; timeoutSeconds?: number; mode?: "form" | "url" };
  /**
   * x402 payments (`x402_fetch`): hosts allowed to be paid (and fetched when they resolve to private addresses),
   * payees, and `maxTimeoutSeconds`, the longest a signed authorization stays redeemable (1 to 86400, default 300).
   */
  x402?: { hosts?: string[]; payTo?: string[]; maxTimeoutSeconds?: number };
}

/** The policy file, checked for shape (tokens are resolved later, with the registry). @internal */
export interface RawPolicy {
  file: string;
  caps: { key: string; perCall?: string; perDay?: string }[];
  allow: { recipients?: string[]; spenders?: string[]; contracts?: string[] };
  allowUnlimitedApprovals: boolean;
  /** The `approval` section, when present. */
  approval?: RawApproval;
  /** The file's text as checked (its hash is the version approvals are bound to: approval/policyVersion.ts). */
  text: string;
  /** `x402.hosts` (lower case, `host[:port]`) and `x402.payTo` (lower case), absent: any; `x402.maxTimeoutSeconds`. */
  x402?: { hosts?: string[]; payTo?: string[]; maxTimeoutSeconds?: number };
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/;
const DECIMAL = /^\d{1,60}(?:\.\d{1,36})?$/;
const TOKEN_KEY = /^(?:[A-Za-z0-9.₮€$-]{1,32}|0x[0-9a-fA-F]{40})$/;
const LISTS = ["recipients", "spenders", "contracts"] as const;

/**
 * Reads and checks a policy file strictly (no network, no registry): JSON, known keys only (an unknown key
 * is named with the nearest valid one), amounts as decimal strings, addresses as 0x + 40 hex. Throws
 * {@link InvalidPolicyError} naming the key path. @internal
 */
export function readPolicyFile(file: string): RawPolicy {
  const fail = (path: string, rule: string, cause?: unknown): never => {
    throw new InvalidPolicyError({ file, path, rule, ...(cause === undefined ? {} : { cause }) });
  };
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    fail("(file)", `cannot be read (${(error as { code?: string }).code ?? "error"})`, error);
  }
  if (text.length > 1_000_000) fail("(file)", "is larger than 1 MB");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail("(file)", "is not valid JSON");
  }
  const known = (value: Record<string, unknown>, path: string, keys: readonly string[]): void => {
    for (const key of Object.keys(value)) {
      if (!keys.includes(key)) {
        const near = nearestKey(key, keys);
        fail(
          path === "" ? key : `${path}.${key}`,
          `unknown key${near ? `; did you mean ${near}?` : ""} (valid: ${keys.join(", ")})`,
        );
      }
    }
  };
  if (!isRecord(json)) return fail("(root)", "must be a JSON object");
  known(json, "", ["caps", "allow", "allowUnlimitedApprovals", "approval", "x402"]);

  const caps: RawPolicy["caps"] = [];
  if (json.caps !== undefined) {
    if (!isRecord(json.caps)) fail("caps", "must be an object of token → { perCall?, perDay? }");
    for (const [key, cap] of Object.entries(json.caps as Record<string, unknown>)) {
      const path = `caps.${key}`;
      if (!TOKEN_KEY.test(key)) fail(path, "must be a token symbol or a 0x address");
      if (!isRecord(cap)) return fail(path, "must be an object { perCall?, perDay? }");
      known(cap, path, ["perCall", "perDay"]);
      const entry: RawPolicy["caps"][number] = { key };
      for (const field of ["perCall", "perDay"] as const) {
        const value = cap[field];
        if (value === undefined) continue;
        if (typeof value !== "string" || !DECIMAL.test(value)) {
          fail(`${path}.${field}`, 'must be a human decimal string such as "5" or "20.5"');
        }
        entry[field] = value as string;
      }
      caps.push(entry);
    }
  }

  const allow: RawPolicy["allow"] = {};
  if (json.allow !== undefined) {
    if (!isRecord(json.allow)) fail("allow", "must be an object { recipients?, spenders?, contracts? }");
    const object = json.allow as Record<string, unknown>;
    known(object, "allow", LISTS);
    for (const list of LISTS) {
      const value = object[list];
      if (value === undefined) continue;
      if (!Array.isArray(value) || value.length > 10_000)
        fail(`allow.${list}`, "must be an array of addresses");
      allow[list] = (value as unknown[]).map((entry, index) => {
        if (typeof entry !== "string" || !ADDRESS_PATTERN.test(entry)) {
          return fail(`allow.${list}[${index}]`, "must be an address: 0x followed by 40 hex digits");
        }
        return entry.toLowerCase();
      });
    }
  }

  const unlimited = json.allowUnlimitedApprovals;
  if (unlimited !== undefined && typeof unlimited !== "boolean")
    fail("allowUnlimitedApprovals", "must be true or false");
  const x402: NonNullable<RawPolicy["x402"]> = {};
  if (json.x402 !== undefined) {
    if (!isRecord(json.x402)) fail("x402", "must be an object { hosts?, payTo?, maxTimeoutSeconds? }");
    const object = json.x402 as Record<string, unknown>;
    known(object, "x402", ["hosts", "payTo", "maxTimeoutSeconds"]);
    const bound = object.maxTimeoutSeconds;
    if (bound !== undefined) {
      if (typeof bound !== "number" || !Number.isSafeInteger(bound) || bound < 1 || bound > 86_400)
        fail("x402.maxTimeoutSeconds", "must be a whole number of seconds from 1 to 86400");
      x402.maxTimeoutSeconds = bound as number;
    }
    for (const [list, pattern, rule] of [
      ["hosts", HOST, "must be a lower-case host name, with :port when the URL has one"],
      ["payTo", ADDRESS_PATTERN, "must be an address: 0x followed by 40 hex digits"],
    ] as const) {
      const value = object[list];
      if (value === undefined) continue;
      if (!Array.isArray(value) || value.length > 10_000) fail(`x402.${list}`, "must be an array");
      x402[list] = (value as unknown[]).map((entry, index) =>
        typeof entry === "string" && entry.length <= 260 && pattern.test(entry)
          ? entry.toLowerCase()
          : fail(`x402.${list}[${index}]`, rule),
      );
    }
  }
  const approval =
    json.approval === undefined
      ? undefined
      : readApprovalSection(json.approval, { fail, known, isRecord, decimal: DECIMAL, tokenKey: TOKEN_KEY });
  return {
    file,
    caps,
    allow,
    allowUnlimitedApprovals: unlimited === true,
    ...(approval === undefined ? {} : { approval }),
    x402,
    text,
  };
}
