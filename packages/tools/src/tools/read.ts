import { z } from "zod";
import { addressOrSigner, defineTool } from "./context.js";

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

const address = (what: string) =>
  z.string().describe(`${what}: a 0x-prefixed 20-byte address (checksummed or lowercase).`);
const token = z
  .string()
  .describe(
    'A token of the registry: symbol ("USDm", "CELO", "USDC"...), former ticker ("cUSD") or its address.',
  );

/** `get_network_status`: chain id, latest block, gas price. @internal */
export const getNetworkStatusTool = defineTool({
  name: "get_network_status",
  title: "Network status",
  description:
    "Reads the chain (id 42220): latest block number and timestamp, base fee and gas price in wei. Use it to check the RPC endpoint works before preparing or sending.",
  inputSchema: {},
  annotations: READ_ONLY,
  async run(_args, { sdk }) {
    return { data: await sdk.network.getStatus() };
  },
});

/** `get_wallet_address`: the signer's address, if any. @internal */
export const getWalletAddressTool = defineTool({
  name: "get_wallet_address",
  title: "Signer address",
  description:
    "Returns the address of this server's signer (from CHAIN_PRIVATE_KEY): the `from` of every flow it can execute. `configured: false` means no key is set; reads and prepares still work, executing does not.",
  inputSchema: {},
  annotations: { ...READ_ONLY, openWorldHint: false },
  async run(_args, { account }) {
    return {
      data: account
        ? { configured: true, address: account.address }
        : {
            configured: false,
            address: null,
            hint: "Set CHAIN_PRIVATE_KEY in the server's environment to execute flows.",
          },
    };
  },
});

/** `get_balances`: balances of registry tokens for an address. @internal */
export const getBalancesTool = defineTool({
  name: "get_balances",
  title: "Token balances",
  description:
    "Reads token balances of an address (default: the signer) in one request. Each balance has `value` in base units (decimal string) and `formatted` in human units. Without `tokens`, every registry token is read.",
  inputSchema: {
    address: address("Whose balances").optional(),
    tokens: z.array(token).optional().describe("Only these tokens (default: all registry tokens)."),
  },
  annotations: READ_ONLY,
  async run(args, context) {
    const owner = addressOrSigner(args.address, context, "address");
    return { data: await context.sdk.token.getBalances(owner, args.tokens) };
  },
});

/** `get_token_info`: registry entry plus total supply. @internal */
export const getTokenInfoTool = defineTool({
  name: "get_token_info",
  title: "Token info",
  description:
    "Looks a token up (symbol, former ticker or address) and returns its address, symbol, decimals and total supply. Unknown tokens come back as an error with suggestions.",
  inputSchema: { token },
  annotations: READ_ONLY,
  async run(args, { sdk }) {
    return { data: await sdk.token.getTokenInfo(args.token) };
  },
});

/** `get_allowance`: how much a spender may move. @internal */
export const getAllowanceTool = defineTool({
  name: "get_allowance",
  title: "Token allowance",
  description:
    "Reads how much of `token` the `spender` may move on behalf of `owner` (default: the signer). Use it to see whether an approval is needed.",
  inputSchema: {
    owner: address("The token holder (default: the signer)").optional(),
    spender: address("The contract or account allowed to spend"),
    token,
  },
  annotations: READ_ONLY,
  async run(args, context) {
    const owner = addressOrSigner(args.owner, context, "owner");
    return { data: await context.sdk.token.getAllowance(owner, args.spender, args.token) };
  },
});

/** `get_transaction`: status, fields and attribution of a transaction. @internal */
export const getTransactionTool = defineTool({
  name: "get_transaction",
  title: "Transaction",
  description:
    "Reads a transaction by hash: status (success, reverted or pending), from, to, value, input, block, gas used and the ERC-8021 attribution tags found in its calldata (bundles decoded down to inner calls).",
  inputSchema: { hash: z.string().describe("The transaction hash: 0x followed by 64 hex digits.") },
  annotations: READ_ONLY,
  async run(args, { sdk }) {
    return { data: await sdk.blockchain.getTransaction(args.hash) };
  },
});
