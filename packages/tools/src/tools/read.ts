import { z } from "zod/v4";
import { address, hash, hex, token, tokenInfo, uint } from "../schemas/common.js";
import { checkedLocation } from "./attributionSchemas.js";
import { addressOrSigner, defineTool, READ_ONLY } from "./context.js";

/** `get_network_status`: chain id, latest block, gas price. @internal */
export const getNetworkStatusTool = defineTool({
  name: "get_network_status",
  title: "Network status",
  family: "read",
  member: "network.getStatus",
  description:
    "Reads the chain (id 42220): latest block number and timestamp, base fee and gas price in wei. Use it to check the RPC endpoint works before preparing or sending. One HTTP request.",
  input: z.strictObject({}),
  output: z.strictObject({
    chain_id: z.literal(42220),
    block_number: uint("The latest block."),
    block_timestamp: uint("Its time, unix seconds."),
    base_fee_per_gas: uint("Base fee in wei.").nullable(),
    gas_price: uint("Gas price in wei."),
  }),
  annotations: READ_ONLY,
  async run(_args, context, call) {
    const { sdk } = await context.runtime();
    return { data: await sdk.network.getStatus({ signal: call.signal }) };
  },
});

const rate = z
  .strictObject({
    numerator: uint("Currency amount (18 decimals) = CELO amount × numerator / denominator."),
    denominator: uint("See numerator."),
  })
  .nullable()
  .describe("getExchangeRate; null: invalid (the node refuses the currency meanwhile) or not read.");

/** `get_fee_currencies`: the fee currencies the chain's FeeCurrencyDirectory lists. @internal */
export const getFeeCurrenciesTool = defineTool({
  name: "get_fee_currencies",
  title: "Fee currencies",
  family: "read",
  member: "network.getFeeCurrencies",
  description:
    "Lists the currencies gas can be paid in (CIP-64), as Celo's FeeCurrencyDirectory registers them: per currency the `fee_currency` address to pay with, the token it spends (symbol, address, decimals), the adapter (USDC, USD₮ and USA₮ pay through an adapter address, not the token; stablecoins such as USDm are their own fee currency), the exchange rate to CELO and the intrinsic gas the node adds. Every currency the directory lists is reported: one preflow's registry does not know (registry: false, e.g. XAU₮0) is described from the chain. Any of them can be the `fee_currency` of the prepare, send and execute tools (or FEE_CURRENCY), by address when not by symbol. One HTTP request.",
  input: z.strictObject({}),
  output: z.strictObject({
    configured: z
      .string()
      .describe(
        'This server\'s FEE_CURRENCY: who pays gas when a tool gets no fee_currency ("CELO" by default).',
      ),
    currencies: z.array(
      z.strictObject({
        fee_currency: address("What a transaction's feeCurrency (a tool's fee_currency) names."),
        symbol: z
          .string()
          .nullable()
          .describe(
            "The symbol of the token spent (the registry's, else the token's own symbol()); null: none.",
          ),
        registry: z
          .boolean()
          .describe("true: in preflow's registry; false: listed by the directory, described from the chain."),
        token: address("The token spent.").nullable(),
        adapter: address(
          "The adapter, when the fee currency is one (USDC, USD₮, USA₮); else null.",
        ).nullable(),
        decimals: z.number().int().nullable().describe("The token's decimals (fees are in its base units)."),
        rate,
        intrinsic_gas: uint("Gas the node adds to a transaction paying in this currency.").nullable(),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run(_args, context, call) {
    const { sdk } = await context.runtime();
    return {
      data: {
        configured: context.feeCurrency,
        currencies: await sdk.network.getFeeCurrencies({ signal: call.signal }),
      },
    };
  },
});

/** `get_wallet_address`: the signer's address, if any (and with a budget, the owner it acts for). @internal */
export const getWalletAddressTool = defineTool({
  name: "get_wallet_address",
  title: "Signer address",
  family: "read",
  description:
    "Returns the address of this server's signer (from CHAIN_PRIVATE_KEY): the `from` of every flow it can execute. With an agent budget (PREFLOW_BUDGET) `address` is the budget's owner, whose tokens the server spends within the budget (the `from` of its flows), and `budget.agent` the signer, which holds only the agent's key and pays the gas. `configured: false` means no key is set; reads, prepares and dry runs still work, executing does not. No request.",
  input: z.strictObject({}),
  output: z.strictObject({
    configured: z.boolean(),
    address: address("The signer, or with a budget the owner whose tokens move.").nullable(),
    budget: z
      .strictObject({
        owner: address("Whose tokens the budget lets the server spend (the flows' from)."),
        agent: address("This server's signer: the only key that may redeem the budget; it pays the gas."),
        file: z.string().describe("PREFLOW_BUDGET."),
      })
      .optional()
      .describe(
        "Present when the server acts within an agent budget (PREFLOW_BUDGET); get_policy shows what is left.",
      ),
    hint: z.string().optional(),
  }),
  annotations: { ...READ_ONLY, openWorldHint: false },
  async run(_args, context) {
    const { account, budget } = await context.runtime();
    if (account && budget) {
      return {
        data: {
          configured: true,
          address: budget.owner,
          budget: { owner: budget.owner, agent: budget.agent, file: budget.file },
        },
      };
    }
    return {
      data: account
        ? { configured: true, address: account.address }
        : {
            configured: false,
            address: null,
            hint: "Give the server a signer (CHAIN_KEYSTORE with CHAIN_KEYSTORE_PASSWORD_FILE, CHAIN_SIGNER_MODULE or CHAIN_PRIVATE_KEY) to execute flows.",
          },
    };
  },
});

const balance = z.strictObject({
  owner: address("The holder."),
  token: tokenInfo,
  value: uint("Balance in base units."),
  formatted: z.string().describe("Balance in human units."),
});

/** `get_balances`: balances of registry tokens for an address. @internal */
export const getBalancesTool = defineTool({
  name: "get_balances",
  title: "Token balances",
  family: "read",
  member: "token.getBalances",
  description:
    "Reads token balances of an address (default: the signer; with an agent budget, its owner) in one HTTP request. Each balance has `value` in base units (decimal string) and `formatted` in human units. Without `tokens`, every registry token is read.",
  input: z.strictObject({
    address: address("Whose balances (default: the signer; with a budget, its owner).").optional(),
    tokens: z
      .array(token())
      .min(1)
      .max(32)
      .optional()
      .describe("Only these tokens (default: all registry tokens)."),
    hide_native: z
      .boolean()
      .optional()
      .describe(
        "Leave CELO out (default false): for a user who pays every fee in a stablecoin and never sees CELO (MiniPay).",
      ),
  }),
  output: z.strictObject({
    owner: address("The holder."),
    balances: z.array(balance),
    unavailable: z.array(z.strictObject({ token: tokenInfo, reason: z.string() })),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const owner = addressOrSigner(args.address, runtime, "address");
    const options = {
      ...(args.hide_native === undefined ? {} : { hideNative: args.hide_native }),
      signal: call.signal,
    };
    return { data: await runtime.sdk.token.getBalances(owner, args.tokens, options) };
  },
});

/** `get_token_info`: registry entry plus total supply. @internal */
export const getTokenInfoTool = defineTool({
  name: "get_token_info",
  title: "Token info",
  family: "read",
  member: "token.getTokenInfo",
  description:
    "Looks a token up (symbol, former ticker or address) and returns its address, symbol, decimals and total supply. Unknown tokens come back as an error with suggestions. One HTTP request.",
  input: z.strictObject({ token: token() }),
  output: tokenInfo.extend({ total_supply: uint("Total supply in base units.") }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const { sdk } = await context.runtime();
    return { data: await sdk.token.getTokenInfo(args.token, { signal: call.signal }) };
  },
});

/** `get_allowance`: how much a spender may move. @internal */
export const getAllowanceTool = defineTool({
  name: "get_allowance",
  title: "Token allowance",
  family: "read",
  member: "token.getAllowance",
  description:
    "Reads how much of `token` the `spender` may move on behalf of `owner` (default: the signer). Use it to see whether an approval is needed. One HTTP request.",
  input: z.strictObject({
    owner: address("The token holder (default: the signer).").optional(),
    spender: address("The contract or account allowed to spend."),
    token: token(),
  }),
  output: z.strictObject({
    owner: address("The holder."),
    spender: address("The spender."),
    token: tokenInfo,
    value: uint("Allowance in base units."),
    formatted: z.string(),
    unlimited: z.boolean(),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const owner = addressOrSigner(args.owner, runtime, "owner");
    return {
      data: await runtime.sdk.token.getAllowance(owner, args.spender, args.token, { signal: call.signal }),
    };
  },
});

/** `get_transaction`: status, fields and attribution of a transaction. @internal */
export const getTransactionTool = defineTool({
  name: "get_transaction",
  title: "Transaction",
  family: "read",
  member: "blockchain.getTransaction",
  description:
    "Reads a transaction by hash: status (success, reverted or pending), from, to, value, input, block, gas used and the ERC-8021 attribution tags found in its calldata (bundles decoded down to inner calls). An unknown hash gives TRANSACTION_NOT_FOUND.",
  input: z.strictObject({ hash: hash("The transaction hash: 0x followed by 64 hex digits.") }),
  output: z.strictObject({
    hash: hash("The transaction."),
    status: z.enum(["success", "reverted", "pending"]),
    from: address("The sender."),
    to: address("The called address.").nullable(),
    value: uint("CELO sent, in wei."),
    input: hex("The calldata."),
    block_number: uint("Its block.").nullable(),
    gas_used: uint("Gas used.").nullable(),
    attribution: z.strictObject({
      hash: hash("The transaction."),
      from: address("Sender.").nullable(),
      to: address("Called address.").nullable(),
      bundle: z.boolean(),
      found: z.boolean(),
      tags: z.array(z.string()),
      platform: z.boolean(),
      matched: z.boolean().optional(),
      locations: z.array(checkedLocation),
    }),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const { sdk } = await context.runtime();
    return { data: await sdk.blockchain.getTransaction(args.hash, { signal: call.signal }) };
  },
});
