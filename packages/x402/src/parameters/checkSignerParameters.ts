import { InvalidArgumentError, isRecord, redactUrl } from "@preflow/errors";

/**
 * Checks the `account` and `rpcUrl` that both {@link createX402Fetch} and {@link createX402Facilitator} take,
 * before any network I/O: the account must be a viem local account that can do what the caller needs of it
 * (`signTypedData` to pay, `signTransaction` to settle), and `rpcUrl`, when given, an http(s) URL (named in
 * errors without its query string or credentials). @internal
 */
export function checkSignerParameters(
  { account, rpcUrl }: { account: unknown; rpcUrl: unknown },
  needs: "signTypedData" | "signTransaction",
): void {
  if (!isRecord(account) || typeof account.address !== "string" || typeof account[needs] !== "function")
    throw new InvalidArgumentError({
      field: "account",
      value: isRecord(account) ? `(an object without address and ${needs})` : account,
      rule: "must be a viem local account (privateKeyToAccount(...))",
    });
  if (rpcUrl !== undefined && (typeof rpcUrl !== "string" || !/^https?:\/\//.test(rpcUrl)))
    throw new InvalidArgumentError({
      field: "rpcUrl",
      value: redactUrl(String(rpcUrl)),
      rule: "must be an http(s) URL",
    });
}
