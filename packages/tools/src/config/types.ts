/**
 * The tool families, for `PREFLOW_TOOLS` / {@link ToolServerConfig.families}:
 * `read` (chain and wallet reads), `prepare` (`prepare_*`), `inspect` (attribution checks),
 * `execute` (tools that sign and send, and their status and policy).
 *
 * @example
 * ```ts
 * import type { ToolFamily } from "@preflow/tools";
 * const families: ToolFamily[] = ["read", "prepare"];
 * ```
 */
export type ToolFamily = "read" | "prepare" | "inspect" | "execute";

/**
 * The configuration of a tool server ({@link createToolServer}). Every field is optional: without
 * `privateKey` the read, prepare and inspect tools work (and dry runs of flows that name their `from`), and
 * the executing tools answer with a tool error.
 *
 * @example
 * ```ts
 * import type { ToolServerConfig } from "@preflow/tools";
 *
 * const config: ToolServerConfig = {
 *   privateKey: process.env.CHAIN_PRIVATE_KEY,
 *   rpcUrl: "https://forno.celo.org",
 *   attributionTags: ["my_agent"],
 *   families: ["read", "prepare", "execute"],
 *   policyFile: "./policy.json",
 * };
 * ```
 */
export interface ToolServerConfig {
  /**
   * The signer's private key (`CHAIN_PRIVATE_KEY`): `0x` + 64 hex digits. Never logged or returned. The least safe
   * source (plain text in the environment and the MCP client's config): prefer `keystore` or `signerModule`.
   */
  privateKey?: string | undefined;
  /**
   * A Web3 Secret Storage v3 keystore file (`CHAIN_KEYSTORE`; Foundry's `cast wallet new`/`import`, geth): the signer,
   * decrypted with the password in `keystorePasswordFile`, or typed by a person on a one-time 127.0.0.1 page at the
   * first signing tool when there is none.
   */
  keystore?: string | undefined;
  /** A file holding the keystore's password (`CHAIN_KEYSTORE_PASSWORD_FILE`), readable by its owner only (chmod 600). */
  keystorePasswordFile?: string | undefined;
  /** The keystore's address (`CHAIN_KEYSTORE_ADDRESS`), needed without a password file when the file declares none. */
  keystoreAddress?: string | undefined;
  /**
   * A signer module (`CHAIN_SIGNER_MODULE`): a file whose default export is an async function returning a viem
   * `LocalAccount` (a KMS or HSM signer). Imported when the server loads.
   */
  signerModule?: string | undefined;
  /** `true` refuses to start with `privateKey` (`PREFLOW_REFUSE_RAW_KEY=1`). */
  refuseRawKey?: boolean | undefined;
  /** Chain 42220 JSON-RPC URL (`RPC_URL`); default core's `DEFAULT_RPC_URL`. */
  rpcUrl?: string | undefined;
  /** Ethereum mainnet JSON-RPC URL (`ETH_RPC_URL`), for `resolve_ens` with network `"ethereum"`; none by default. */
  ethRpcUrl?: string | undefined;
  /** ERC-8021 custom codes put on every prepared step (`PREFLOW_ATTRIBUTION_TAGS`). */
  attributionTags?: string[] | undefined;
  /** `false` turns read telemetry off (`PREFLOW_ANALYTICS_ENABLED=false`, `DO_NOT_TRACK=1`). */
  analyticsEnabled?: boolean | undefined;
  /** Overrides the bundled analytics project key (`PREFLOW_TELEMETRY_API_KEY`). */
  telemetryApiKey?: string | undefined;
  /** Analytics batch endpoint (`PREFLOW_TELEMETRY_ENDPOINT`). */
  telemetryEndpoint?: string | undefined;
  /** Analytics `device_id` (`PREFLOW_ANALYTICS_DEVICE_ID`). */
  analyticsDeviceId?: string | undefined;
  /** Agent-identity key (`AGENT_ID_PRIVATE_KEY`), passed to `createSdkClient`, which validates it. */
  agentIdPrivateKey?: string | undefined;
  /**
   * The bound within which every tool answers, in ms (`PREFLOW_TOOL_TIMEOUT_MS`; default 50000, below the
   * MCP SDK client's 60 s request timeout). An execution that outlives it answers `pending`.
   */
  toolTimeoutMs?: number | undefined;
  /** How long execution waits for each receipt, in ms (`PREFLOW_RECEIPT_TIMEOUT_MS`; default the tool bound). */
  receiptTimeoutMs?: number | undefined;
  /** The tool families to offer (`PREFLOW_TOOLS`, comma list; default all four). */
  families?: readonly ToolFamily[] | undefined;
  /** Path of the spending-policy JSON file (`PREFLOW_POLICY`); none by default (no limits). */
  policyFile?: string | undefined;
  /**
   * Path of an agent budget's JSON file (`PREFLOW_BUDGET`), as `@preflow/budget`'s `grantAgentBudget` returned it:
   * the server then acts for the budget's owner, its signer holding only the agent's key. `get_wallet_address`
   * shows both, reads default to the owner, and `send_token` and `execute_prepared_flow` move the owner's tokens
   * through the delegation (`redeemDelegations`), refused before signing when the budget does not cover the flow.
   * Read at start; parsed (`parseBudget`) when the server loads; its agent must be the signer.
   */
  budgetFile?: string | undefined;
  /**
   * Where the policy's spent amounts (`spending.json`) and the signer's executions (`executions.json`) are kept
   * across restarts (`PREFLOW_STATE_DIR`; default `$XDG_STATE_HOME/preflow-tools`, else
   * `~/.local/state/preflow-tools`).
   */
  stateDir?: string | undefined;
  /**
   * A PostgreSQL database (`PREFLOW_DATABASE_URL`, `postgres://user:password@host:port/database`) for the store
   * instead of the SQLite file in the state directory: for tool servers on several machines sharing a signer
   * (one nonce queue, one ledger, one set of approvals). Checked at start; its password is never logged.
   */
  databaseUrl?: string | undefined;
  /**
   * Who pays gas for the flows the server prepares (`FEE_CURRENCY`; default `"CELO"`): `"CELO"`, a token symbol
   * (`"USDm"`, `"USDC"`, `"USDT"`...), a fee-currency address (the adapter for USDC and USD₮, not the token), or
   * `"auto"` (CELO when the account can pay in CELO, else the fee currency the directory lists that it holds most of). The prepare,
   * send and execute tools take a `fee_currency` argument that overrides it. Checked at start.
   */
  feeCurrency?: string | undefined;
  /** Where log lines go; default standard error (standard output belongs to the protocol). */
  log?: ((line: string) => void) | undefined;
}
