import { type LoadedApproval, loadApproval } from "../approval/loadApproval.js";
import { policyVersion } from "../approval/policyVersion.js";
import { InvalidPolicyError } from "../errors/policy.js";
import type { RawPolicy } from "./readPolicyFile.js";
import { SpendLedger } from "./spendLedger.js";

export { defaultStateDir } from "../state/defaultStateDir.js";

/** A cap of one token, in base units. @internal */
export interface TokenCap {
  key: string;
  symbol: string;
  address: string;
  decimals: number;
  perCall?: bigint;
  perDay?: bigint;
}

/** A policy with its tokens resolved and its ledger open. @internal */
export interface LoadedPolicy {
  file: string;
  /** By token address, lowercase. */
  caps: Map<string, TokenCap>;
  allow: RawPolicy["allow"];
  allowUnlimitedApprovals: boolean;
  /** The `approval` section: above which spend a person approves the flow; absent: never asked. */
  approval?: LoadedApproval;
  /** Which version of the file this is (its SHA-256, 16 hex digits): approvals are bound to it. */
  version?: string;
  /** The `x402` section: `hosts` and `payTo` allow-lists (absent: any). */
  x402?: RawPolicy["x402"];
  /** `undefined` without a signer (nothing can be spent). */
  ledger: SpendLedger | undefined;
  format(amount: bigint, token: string): string;
  /** A token's symbol in the registry (`"CELO"` for its address), else the token as given. */
  symbol(token: string): string;
}

/**
 * Resolves the policy's tokens with the registry (symbols, former tickers or addresses of listed tokens) and
 * its amounts to base units, and opens the spend ledger of the signer. Throws {@link InvalidPolicyError}. @internal
 */
export function loadPolicy(parameters: {
  raw: RawPolicy;
  core: typeof import("@preflow/core");
  signer: string | undefined;
  stateDir: string;
  /** The tool server's store (opened on the ledger's first use). */
  store: () => Promise<import("../store/types.js").ToolServerStore>;
  log: (line: string) => void;
}): LoadedPolicy {
  const { raw, core, signer, stateDir, store, log } = parameters;
  const caps = new Map<string, TokenCap>();
  for (const entry of raw.caps) {
    let info: import("@preflow/core").TokenInfo;
    try {
      info = core.resolveToken(entry.key);
    } catch (error) {
      throw new InvalidPolicyError({
        file: raw.file,
        path: `caps.${entry.key}`,
        rule: `is not a token of the registry (${(error as Error).message.split(". ")[0]})`,
        cause: error,
      });
    }
    const cap: TokenCap = {
      key: entry.key,
      symbol: info.symbol,
      address: info.address.toLowerCase(),
      decimals: info.decimals,
    };
    for (const field of ["perCall", "perDay"] as const) {
      const value = entry[field];
      if (value === undefined) continue;
      try {
        cap[field] = core.parseAmount(value, {
          decimals: info.decimals,
          token: info.symbol,
          field,
          allowZero: true,
        });
      } catch (error) {
        throw new InvalidPolicyError({
          file: raw.file,
          path: `caps.${entry.key}.${field}`,
          rule: (error as Error).message,
          cause: error,
        });
      }
    }
    if (caps.has(cap.address)) {
      throw new InvalidPolicyError({
        file: raw.file,
        path: `caps.${entry.key}`,
        rule: `names ${info.symbol} a second time`,
      });
    }
    caps.set(cap.address, cap);
  }
  const ledger = signer === undefined ? undefined : new SpendLedger({ store, stateDir, signer, log });
  const decimalsOf = new Map([...caps.values()].map((cap) => [cap.address, cap.decimals]));
  return {
    file: raw.file,
    caps,
    allow: raw.allow,
    allowUnlimitedApprovals: raw.allowUnlimitedApprovals,
    ...(raw.approval === undefined ? {} : { approval: loadApproval(raw.approval, core, raw.file) }),
    version: policyVersion(raw.text),
    ...(raw.x402 === undefined ? {} : { x402: raw.x402 }),
    ledger,
    format(amount, token) {
      const decimals = decimalsOf.get(token.toLowerCase()) ?? registryToken(core, token)?.decimals;
      return decimals === undefined ? `${amount} base units` : core.formatAmount(amount, decimals);
    },
    symbol(token) {
      return registryToken(core, token)?.symbol ?? token;
    },
  };
}

function registryToken(
  core: typeof import("@preflow/core"),
  token: string,
): import("@preflow/core").TokenInfo | undefined {
  try {
    return core.resolveToken(token);
  } catch {
    return undefined;
  }
}
