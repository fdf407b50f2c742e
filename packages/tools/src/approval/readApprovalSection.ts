// The `approval` section of the policy file, checked for shape at start with the rest of the file (tokens are
// resolved with the registry in loadApproval.ts): above which spend of a token a person must approve a flow, how
// long to wait for them, and how to ask (the client's form, or a one-time page on 127.0.0.1).

/** How a person is asked: the MCP client's own form (`"form"`), or a one-time local page it opens (`"url"`). */
export type ApprovalMode = "form" | "url";

/** The `approval` section as read (amounts still human decimal strings). @internal */
export interface RawApproval {
  above: { key: string; amount: string }[];
  timeoutSeconds: number;
  mode: ApprovalMode;
  /** With a passkey enrolled: how long an approval link in APPROVAL_REQUIRED stays open. */
  linkSeconds: number;
}

/** Used when `timeoutSeconds` is not given. */
export const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 300;
const MAX_TIMEOUT_SECONDS = 3_600;
/** Used when `linkSeconds` is not given: time to read the chat, open the link and touch the passkey. */
export const DEFAULT_LINK_SECONDS = 600;
const MODES: readonly ApprovalMode[] = ["form", "url"];

/**
 * Checks the `approval` section strictly: `above` (token → human decimal string, at least one), `timeoutSeconds`
 * (a whole number of seconds, 1 to 3600), `mode` (`"form"` or `"url"`) and `linkSeconds` (1 to 3600, how long an
 * approval link stays open; only with a passkey enrolled); unknown keys refused through `known`.
 * `fail` throws the policy's error naming the path. @internal
 */
export function readApprovalSection(
  value: unknown,
  check: {
    fail(path: string, rule: string): never;
    known(value: Record<string, unknown>, path: string, keys: readonly string[]): void;
    isRecord(value: unknown): value is Record<string, unknown>;
    decimal: RegExp;
    tokenKey: RegExp;
  },
): RawApproval {
  const { fail, known, isRecord } = check;
  if (!isRecord(value))
    return fail("approval", "must be an object { above, timeoutSeconds?, mode?, linkSeconds? }");
  known(value, "approval", ["above", "timeoutSeconds", "mode", "linkSeconds"]);
  const above: RawApproval["above"] = [];
  if (!isRecord(value.above)) {
    return fail(
      "approval.above",
      'must be an object of token → human decimal amount, such as { "USDm": "5" }',
    );
  }
  for (const [key, amount] of Object.entries(value.above)) {
    const path = `approval.above.${key}`;
    if (!check.tokenKey.test(key)) fail(path, "must be a token symbol or a 0x address");
    if (typeof amount !== "string" || !check.decimal.test(amount)) {
      fail(path, 'must be a human decimal string such as "5" or "20.5"');
    }
    above.push({ key, amount: amount as string });
  }
  if (above.length === 0) fail("approval.above", "must name at least one token");
  const timeout = value.timeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS;
  if (
    typeof timeout !== "number" ||
    !Number.isSafeInteger(timeout) ||
    timeout < 1 ||
    timeout > MAX_TIMEOUT_SECONDS
  ) {
    fail("approval.timeoutSeconds", `must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}`);
  }
  const link = value.linkSeconds ?? DEFAULT_LINK_SECONDS;
  if (typeof link !== "number" || !Number.isSafeInteger(link) || link < 1 || link > MAX_TIMEOUT_SECONDS) {
    fail("approval.linkSeconds", `must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}`);
  }
  const mode = value.mode ?? "form";
  if (typeof mode !== "string" || !MODES.includes(mode as ApprovalMode)) {
    fail("approval.mode", 'must be "form" or "url"');
  }
  return {
    above,
    timeoutSeconds: timeout as number,
    mode: mode as ApprovalMode,
    linkSeconds: link as number,
  };
}
