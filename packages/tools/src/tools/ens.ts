import { parseEnsName, parseEnsNetwork } from "@preflow/core";
import { z } from "zod";
import { defineTool } from "./context.js";

/** `resolve_ens`: an ENS name to an address, on chain 42220 (`celo.eth` names) or on Ethereum. @internal */
export const resolveEnsTool = defineTool({
  name: "resolve_ens",
  title: "Resolve an ENS name",
  description:
    'Resolves an ENS name to an address. network "celo" (default): names under celo.eth, on chain 42220 through the chain\'s name registry; expired names give null. network "ethereum": any ENS name on Ethereum mainnet (needs ETH_RPC_URL on the server), chain 42220\'s address record first, then the Ethereum one. `address` is null when the name has no address. Use the address as `to` of prepare_send, after checking it with the user.',
  inputSchema: {
    name: z
      .string()
      .describe('The ENS name, e.g. "alice.celo.eth" or "vitalik.eth" (normalized with ENSIP-15).'),
    network: z
      .enum(["celo", "ethereum"])
      .optional()
      .describe(
        '"celo" (default; names under celo.eth, chain 42220) or "ethereum" (ENS on Ethereum mainnet).',
      ),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(args, { sdk }) {
    const network = parseEnsNetwork(args.network);
    const address = await sdk.ens.resolveEns(args.name, network);
    return { data: { name: await parseEnsName(args.name), network, address } };
  },
});
