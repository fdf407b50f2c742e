// One error root for the tool server too: every error class `@preflow/tools` exports extends the one `SdkError` (the
// one `preflow` and `@preflow/core` export), is constructed from one parameters object, names itself, has a stable
// non-empty `code` and serialises to JSON with `name`, `code`, `message` and `details`, never with a secret it was
// given. One row per error class: a new error class without a row fails to compile and fails here. (The SDK's
// errors: packages/preflow/test/errors.test.ts.)
import { SdkError as AttributionSdkError } from "@preflow/attribution";
import { SdkError } from "@preflow/core";
import { describe, expect, it } from "vitest";
import * as tools from "../src/index.js";

/** The exports of a module whose name ends in `Error` and that are classes (constructors). */
type ErrorClasses<M> = {
  [K in keyof M as K extends `${string}Error`
    ? M[K] extends abstract new (
        ...args: never
      ) => unknown
      ? K
      : never
    : never]: M[K];
};
type ToolsErrorClasses = ErrorClasses<typeof tools>;
type Constructor = new (parameters: never) => SdkError;
type Row<C> = C extends new (
  parameters: infer P,
) => { code: infer Code }
  ? { parameters: P; code: Code }
  : never;

/** A secret put into every parameter that may carry one: it may not appear in the JSON. */
const SECRET = "sk_live_4f9c2e7b1d";
const SECRET_CAUSE = new Error(`fetch https://rpc.example.org/v2/celo?apikey=${SECRET} failed`);
const ADDRESS = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";

const TABLE: { [K in keyof ToolsErrorClasses]: Row<ToolsErrorClasses[K]> } = {
  ToolsError: {
    parameters: {
      code: "TOOL_TIMEOUT",
      message: "Timed out.",
      details: { tool: "get_balance" },
      cause: SECRET_CAUSE,
    },
    code: "TOOL_TIMEOUT",
  },
  ApprovalRequiredError: {
    parameters: { flowId: "ab12", flow: { from: ADDRESS }, mode: "form", clientModes: [], over: ["7 USDm"] },
    code: "APPROVAL_REQUIRED",
  },
  ApprovalDeclinedError: {
    parameters: { flowId: "ab12", approvalId: "a1", action: "decline" },
    code: "APPROVAL_DECLINED",
  },
  ApprovalExpiredError: {
    parameters: { flowId: "ab12", approvalId: "a1", waitedMs: 2_000 },
    code: "APPROVAL_EXPIRED",
  },
  ApprovalCodeMismatchError: {
    parameters: { flowId: "ab12", approvalId: "a1", typed: "K7QM-4XPE" },
    code: "APPROVAL_CODE_MISMATCH",
  },
  ApprovalReusedError: {
    parameters: { flowId: "ab12", approvalId: "a1", usedBy: "cd34" },
    code: "APPROVAL_REUSED",
  },
  ApprovalFlowChangedError: {
    parameters: { flowId: "ab12", approvalId: "a1" },
    code: "APPROVAL_FLOW_CHANGED",
  },
  FlowAccountMismatchError: { parameters: { from: ADDRESS, account: OTHER }, code: "FLOW_ACCOUNT_MISMATCH" },
  FlowNotFoundError: { parameters: { flowId: "flow_1" }, code: "FLOW_NOT_FOUND" },
  FeeCurrencyMismatchError: {
    parameters: { tool: "execute_prepared_flow", requested: "USDm", flowPays: "CELO" },
    code: "FEE_CURRENCY_MISMATCH",
  },
  TopUpFailedError: {
    parameters: { status: "pending", hash: null, flowId: "ab12", token: "USDC", amount: "0.01" },
    code: "BUDGET_TOP_UP_FAILED",
  },
  InvalidInputError: {
    parameters: { tool: "send_token", path: "amount", value: "1.2.3", rule: "must be a decimal" },
    code: "INVALID_ARGUMENT",
  },
  InvalidPolicyError: {
    parameters: {
      file: "/etc/preflow/policy.json",
      path: "limits.USDm",
      rule: "must be a decimal",
      cause: SECRET_CAUSE,
    },
    code: "INVALID_POLICY",
  },
  InvalidPrivateKeyError: {
    parameters: { variable: "CHAIN_PRIVATE_KEY", length: 12, rule: "must be 0x and 64 hex digits" },
    code: "INVALID_PRIVATE_KEY",
  },
  InvalidKeystoreError: {
    parameters: {
      file: "/home/me/.foundry/keystores/agent",
      field: "crypto.kdf",
      rule: "must be scrypt or pbkdf2",
    },
    code: "INVALID_KEYSTORE",
  },
  KeystorePasswordInvalidError: {
    parameters: { file: "/home/me/.foundry/keystores/agent", source: "CHAIN_KEYSTORE_PASSWORD_FILE" },
    code: "KEYSTORE_PASSWORD_INVALID",
  },
  KeystoreLockedError: {
    parameters: { file: "/home/me/.foundry/keystores/agent", reason: "the person cancelled the page" },
    code: "KEYSTORE_LOCKED",
  },
  InvalidToolServerConfigError: {
    parameters: { variable: "PREFLOW_TOOL_TIMEOUT_MS", value: "-1", rule: "must be a positive whole number" },
    code: "INVALID_CONFIG",
  },
  PolicyViolationError: {
    parameters: {
      violations: [
        {
          rule: "max_per_tx",
          step: 0,
          message: "over the limit",
          token: "USDm",
          limit: "10",
          requested: "20",
        },
        { rule: "allow.recipients", step: 1, message: "not allowed", address: OTHER },
      ],
    },
    code: "POLICY_VIOLATION",
  },
  SignerNotConfiguredError: {
    parameters: { operation: "execute_prepared_flow" },
    code: "SIGNER_NOT_CONFIGURED",
  },
  StoreUnavailableError: {
    parameters: {
      location: "/home/me/.local/state/preflow-tools/preflow-tools.sqlite",
      reason: "it is not a database (SQLITE_NOTADB)",
      remedy: "Move the file aside and restart.",
      tool: "send_token",
      cause: SECRET_CAUSE,
    },
    code: "STORE_UNAVAILABLE",
  },
  ToolTimeoutError: { parameters: { tool: "get_balance", boundMs: 15_000 }, code: "TOOL_TIMEOUT" },
  UnknownArgumentError: {
    parameters: { tool: "send_token", path: "amout", suggestion: "amount", valid: ["amount", "to"] },
    code: "UNKNOWN_ARGUMENT",
  },
  UnknownToolError: {
    parameters: {
      tool: "send_tokens",
      suggestion: null,
      family: null,
      families: ["read"],
      offered: ["get_balances"],
    },
    code: "UNKNOWN_TOOL",
  },
};

const onPrototypeChainOf = (proto: object, object: unknown): boolean =>
  Object.prototype.isPrototypeOf.call(proto, object as object);

const CLASSES = new Map<string, Constructor>();
for (const [name, value] of Object.entries(tools)) {
  if (typeof value !== "function" || !value.prototype) continue;
  if (onPrototypeChainOf(Error.prototype, value.prototype))
    CLASSES.set(name, value as unknown as Constructor);
}

describe("every exported error of @preflow/tools", () => {
  it("finds the error classes: every …Error export is one, every error class is named …Error, one row each", () => {
    const named = Object.keys(tools).filter((name) => name.endsWith("Error"));
    expect(named.sort()).toEqual([...CLASSES.keys()].sort());
    for (const name of CLASSES.keys()) expect(name).toMatch(/^[A-Z]\w*Error$/);
    expect([...CLASSES.keys()].sort()).toEqual(Object.keys(TABLE).sort());
  });

  it("extends the one SdkError (attribution's, re-exported by core) through the prototype chain", async () => {
    expect(SdkError).toBe(AttributionSdkError);
    for (const [name, cls] of CLASSES) {
      expect(onPrototypeChainOf(SdkError.prototype, cls.prototype), name).toBe(true);
    }
    expect(tools.FlowAccountMismatchError).toBe((await import("@preflow/core")).FlowAccountMismatchError);
  });

  it.each([...CLASSES.keys()].sort())(
    "%s: instanceof SdkError, its own name, a stable code, JSON with name, code, message, details and no secret",
    (name) => {
      const cls = CLASSES.get(name)!;
      const row = (TABLE as Record<string, { parameters: unknown; code: string } | undefined>)[name];
      if (!row) throw new Error(`no row for ${name} in TABLE: add one`);
      const error = new cls(row.parameters as never);

      expect(error).toBeInstanceOf(SdkError);
      expect(error).toBeInstanceOf(cls);
      expect(error.name).toBe(name);
      expect(typeof error.code).toBe("string");
      expect(error.code).not.toBe("");
      expect(error.code).toBe(row.code);
      expect(error.message).not.toBe("");

      const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
      expect(Object.keys(json).sort()).toEqual(["code", "details", "message", "name"]);
      expect(json).toMatchObject({ name, code: row.code, message: error.message });
      expect(json.details).toEqual(error.details);
      expect(JSON.stringify(error)).not.toContain(SECRET);
      expect(error.message).not.toContain(SECRET);
    },
  );
});
