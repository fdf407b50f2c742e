import { parseAddress, readBatch, type SdkBaseClient } from "@preflow/core";
import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { type Address, bytesToBigInt, type Hash, type Hex, keccak256 } from "viem";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK, ROOT_AUTHORITY } from "../constants.js";
import { BudgetError } from "../errors/BudgetError.js";
import { budgetCaveats } from "../internal/caveats.js";
import { delegationHash, delegationTypedData, designatorOf } from "../internal/delegation.js";
import { type BudgetOwner, ownerSigner } from "../internal/ownerSigner.js";
import { parseBudget } from "../internal/parseBudget.js";
import {
  type BudgetLimitInput,
  parseLimits,
  parseRecipients,
  parseValidUntil,
} from "../internal/parseGrant.js";
import type { AgentBudget } from "../types.js";
import { describeAgentBudget } from "./describeAgentBudget.js";

/**
 * Parameters of {@link grantAgentBudget}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GrantAgentBudgetParameters } from "@preflow/budget";
 * const parameters: GrantAgentBudgetParameters = {
 *   owner: privateKeyToAccount(ownerKey),
 *   agent: "0x9a3f…",
 *   limits: { USDC: { perDay: "10" }, CELO: { perDay: "1" } },
 *   recipients: ["0x7e57…"],
 *   validUntil: Math.floor(Date.now() / 1000) + 30 * 86_400,
 * };
 * ```
 */
export interface GrantAgentBudgetParameters {
  /** Whose tokens the budget spends: a viem local account or a wallet client with an account. */
  owner: BudgetOwner;
  /** The agent's address (its key stays on the agent's machine): the only redeemer of the delegation. */
  agent: Address | string;
  /** Per token (registry symbol or address), the cap per period. CELO is capped on its ERC-20 (GoldToken). */
  limits: Record<string, BudgetLimitInput>;
  /** The only addresses the budget may pay; absent: any. */
  recipients?: readonly (Address | string)[] | undefined;
  /** Unix seconds (chain time) from which the budget is void; absent: no expiry. */
  validUntil?: number | bigint | undefined;
  /**
   * When the owner's EOA already delegates (EIP-7702) to another contract (preflow's `simple-7702` account
   * included): `true` re-delegates it to the framework's EIP7702StatelessDeleGator (the other account's features
   * stop working); default `false`, which refuses with `BUDGET_DELEGATE_CONFLICT`.
   */
  switchDelegate?: boolean | undefined;
  /** How long to wait for the upgrade's receipt, in ms (default 60000). */
  receiptTimeoutMs?: number | undefined;
  /**
   * Shown the grant in words ({@link describeAgentBudget} of exactly the delegation about to be signed) before
   * the owner signs; resolve `false` to stop (`BUDGET_GRANT_DECLINED`, nothing signed). Called after the EIP-7702
   * upgrade, when one is needed. A page shows the words and resolves when the owner presses "Sign".
   */
  confirm?: ((words: string) => boolean | Promise<boolean>) | undefined;
}

/**
 * What {@link grantAgentBudget} returns.
 *
 * @example
 * ```ts
 * import type { GrantAgentBudgetReturnType } from "@preflow/budget";
 * const { budget, transactionHash }: GrantAgentBudgetReturnType = await grantAgentBudget(client, parameters);
 * ```
 */
export interface GrantAgentBudgetReturnType {
  budget: AgentBudget;
  /** The EIP-7702 upgrade of the owner's EOA, or `null` when it was already delegated to the framework. */
  transactionHash: Hash | null;
}

/**
 * The errors {@link grantAgentBudget} throws.
 * - `InvalidArgumentError`: bad `agent`, `limits`, `recipients`, `validUntil`, `owner`, or an unknown key; before any I/O.
 * - `UnknownTokenError`: a token in `limits` preflow does not list; before any I/O.
 * - {@link BudgetError} `BUDGET_DELEGATE_CONFLICT`: the EOA delegates elsewhere (and `switchDelegate` is not set),
 *   or the owner's address holds contract code.
 * - {@link BudgetError} `BUDGET_OWNER_CANNOT_UPGRADE`: the EOA needs the upgrade and the owner is not a local
 *   account (wallets do not sign EIP-7702 authorizations for apps).
 * - {@link BudgetError} `BUDGET_OWNER_NOT_READY`: the upgrade transaction did not land (its hash in `details`).
 * - {@link BudgetError} `BUDGET_GRANT_DECLINED`: `confirm` resolved `false` (nothing signed).
 * - `RpcError`, `ChainMismatchError`: the reads.
 *
 * @example
 * ```ts
 * import type { GrantAgentBudgetErrorType } from "@preflow/budget";
 * ```
 */
export type GrantAgentBudgetErrorType = BudgetError | InvalidArgumentError;

/**
 * Grants an agent a budget over the owner's tokens, enforced on chain: upgrades the owner's EOA by EIP-7702 to the
 * framework's EIP7702StatelessDeleGator when it is not yet (one transaction from the owner), then has the owner
 * sign an ERC-7710 delegation to `agent` whose caveats are exactly the limits (MultiTokenPeriodEnforcer), the
 * recipients (AllowedCalldataEnforcer, several in a LogicalOrWrapperEnforcer) and the expiry (TimestampEnforcer).
 * Show the owner {@link describeAgentBudget} of the result's words before they sign in a wallet. HTTP requests: 1
 * read (code and chain time), plus the upgrade's send and receipt polls when needed.
 *
 * @throws {@link GrantAgentBudgetErrorType}
 *
 * @example
 * ```ts
 * import { grantAgentBudget } from "@preflow/budget";
 * import { createSdkBaseClient } from "@preflow/core";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const client = createSdkBaseClient({ rpcUrl });
 * const { budget } = await grantAgentBudget(client, {
 *   owner: privateKeyToAccount(ownerKey),
 *   agent: agentAddress,
 *   limits: { USDC: { perDay: "10" } },
 *   recipients: [shop],
 * });
 * writeFileSync("budget.json", JSON.stringify(budget)); // no key inside
 * ```
 */
export async function grantAgentBudget(
  client: SdkBaseClient,
  parameters: GrantAgentBudgetParameters,
): Promise<GrantAgentBudgetReturnType> {
  const { owner, agent, limits, recipients, validUntil, switchDelegate, receiptTimeoutMs, confirm } =
    rejectUnknownKeys(parameters, "parameters", [
      "owner",
      "agent",
      "limits",
      "recipients",
      "validUntil",
      "switchDelegate",
      "receiptTimeoutMs",
      "confirm",
    ]);
  if (confirm !== undefined && typeof confirm !== "function")
    throw new InvalidArgumentError({ field: "confirm", value: confirm, rule: "expected a function" });
  const signer = ownerSigner(client, owner);
  const delegate = parseAddress(agent, "agent");
  parseLimits(limits, 1n); // checks before I/O; the real start date is the chain's time
  const recipientList = parseRecipients(recipients);
  const expiry = parseValidUntil(validUntil);
  return client.track("budget.grantAgentBudget", signer.address, async () => {
    // the chain's latest block time anchors the periods (a node's `eth_call` may run at a later, pending time)
    const { calls } = await readBatch(client, {
      calls: [
        { method: "eth_getCode", params: [signer.address, "latest"] },
        { method: "eth_getBlockByNumber", params: ["latest", false] },
      ],
    });
    const now = BigInt((calls[1] as { timestamp: Hex }).timestamp);
    const code = String(calls[0] ?? "0x").toLowerCase() as Hex;
    const wanted = designatorOf(FRAMEWORK.EIP7702StatelessDeleGatorImpl);
    let transactionHash: Hash | null = null;
    if (code !== wanted) {
      const delegated = code.startsWith("0xef0100") && code.length === 48;
      if (code !== "0x" && !delegated)
        throw new BudgetError({
          code: "BUDGET_DELEGATE_CONFLICT",
          message: `The owner ${signer.address} holds contract code: a budget needs an EOA upgraded by EIP-7702.`,
          details: { owner: signer.address },
        });
      if (delegated && switchDelegate !== true)
        throw new BudgetError({
          code: "BUDGET_DELEGATE_CONFLICT",
          message: `The owner's EOA ${signer.address} delegates (EIP-7702) to 0x${code.slice(8)}, not to the framework's EIP7702StatelessDeleGator ${FRAMEWORK.EIP7702StatelessDeleGatorImpl}; pass switchDelegate: true to re-delegate it (that account's features stop working).`,
          details: { owner: signer.address, currentDelegate: `0x${code.slice(8)}` },
        });
      transactionHash = await upgradeOwner(client, signer, receiptTimeoutMs ?? 60_000);
    }
    const startDate = now;
    const parsedLimits = parseLimits(limits, startDate);
    const validUntilString = expiry === null ? null : expiry.toString();
    const caveats = budgetCaveats({
      limits: parsedLimits,
      recipients: recipientList,
      validUntil: validUntilString,
    });
    const salt = bytesToBigInt(crypto.getRandomValues(new Uint8Array(32))).toString();
    const unsigned = { delegate, delegator: signer.address, authority: ROOT_AUTHORITY, caveats, salt };
    const fields = {
      kind: "preflow-agent-budget" as const,
      version: 1 as const,
      chainId: 42220 as const,
      delegationManager: FRAMEWORK.DelegationManager,
      owner: signer.address,
      agent: delegate,
      limits: parsedLimits,
      recipients: recipientList,
      validUntil: validUntilString,
      delegationHash: delegationHash(unsigned),
    };
    if (
      confirm &&
      !(await confirm(describeAgentBudget({ ...fields, delegation: { ...unsigned, signature: "0x" } })))
    )
      throw new BudgetError({
        code: "BUDGET_GRANT_DECLINED",
        message: "The owner declined the grant; nothing was signed.",
        details: { owner: signer.address, upgradeTransactionHash: transactionHash },
      });
    const typed = delegationTypedData(unsigned);
    const signature = signer.local
      ? await signer.local.signTypedData(typed)
      : await signer.wallet.signTypedData({ account: signer.wallet.account, ...typed });
    const budget: AgentBudget = { ...fields, delegation: { ...unsigned, signature } };
    return { budget: parseBudget(budget), transactionHash };
  });
}

/** Signs the EIP-7702 authorization and the transaction carrying it; the hash is known before the send. */
async function upgradeOwner(
  client: SdkBaseClient,
  signer: ReturnType<typeof ownerSigner>,
  timeoutMs: number,
): Promise<Hash> {
  const local = signer.local;
  if (!local?.signAuthorization)
    throw new BudgetError({
      code: "BUDGET_OWNER_CANNOT_UPGRADE",
      message: `The owner's EOA ${signer.address} is not upgraded to the framework's EIP7702StatelessDeleGator (${FRAMEWORK.EIP7702StatelessDeleGatorImpl}) and this signer cannot sign an EIP-7702 authorization: upgrade the account in the wallet (a MetaMask smart account is this delegator), or grant with a local account.`,
      details: { owner: signer.address, delegator: FRAMEWORK.EIP7702StatelessDeleGatorImpl },
    });
  const authorization = await signer.wallet.signAuthorization({
    account: local,
    contractAddress: FRAMEWORK.EIP7702StatelessDeleGatorImpl,
    executor: "self",
  });
  const request = await signer.wallet.prepareTransactionRequest({
    account: local,
    chain: signer.wallet.chain ?? null,
    to: signer.address,
    data: "0x",
    authorizationList: [authorization],
    type: "eip7702",
  } as never);
  const serialized = await local.signTransaction(request as never);
  const hash = keccak256(serialized);
  await client.publicClient.request({ method: "eth_sendRawTransaction", params: [serialized] } as never);
  let receipt: { status: string } | undefined;
  try {
    receipt = await client.publicClient.request({
      method: "eth_getTransactionReceipt",
      params: [hash],
    } as never);
    const deadline = Date.now() + timeoutMs;
    while (!receipt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      receipt = await client.publicClient.request({
        method: "eth_getTransactionReceipt",
        params: [hash],
      } as never);
    }
  } catch (cause) {
    throw new BudgetError({
      code: "BUDGET_OWNER_NOT_READY",
      message: `The EIP-7702 upgrade ${hash} was sent but its receipt could not be read: look it up before granting again.`,
      details: { transactionHash: hash, status: "pending" },
      cause,
    });
  }
  if (!receipt || receipt.status !== "0x1")
    throw new BudgetError({
      code: "BUDGET_OWNER_NOT_READY",
      message: receipt
        ? `The EIP-7702 upgrade ${hash} reverted.`
        : `The EIP-7702 upgrade ${hash} is not mined within ${timeoutMs} ms (pending): look it up before granting again.`,
      details: { transactionHash: hash, status: receipt ? "reverted" : "pending" },
    });
  return hash;
}
