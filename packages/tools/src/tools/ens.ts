import { z } from "zod/v4";
import { address, MAX } from "../schemas/common.js";
import { defineTool, READ_ONLY } from "./context.js";

/** `resolve_ens`: an ENS name to an address, on chain 42220 (`celo.eth` names) or on Ethereum. @internal */
export const resolveEnsTool = defineTool({
  name: "resolve_ens",
  title: "Resolve an ENS name",
  family: "read",
  member: "ens.resolveEns",
  description:
    'Resolves an ENS name to an address. network "celo" (default): names under celo.eth, on chain 42220 through the chain\'s name registry; expired names give null. network "ethereum": any ENS name on Ethereum mainnet (needs ETH_RPC_URL on the server), chain 42220\'s address record first, then the Ethereum one. `address` is null when the name has no address. Use the address as `to` of prepare_send, after checking it with the user.',
  input: z.strictObject({
    name: z
      .string()
      .min(1)
      .max(MAX.ensName)
      .describe('The ENS name, e.g. "alice.celo.eth" or "vitalik.eth" (normalized with ENSIP-15).'),
    network: z
      .enum(["celo", "ethereum"])
      .optional()
      .describe(
        '"celo" (default; names under celo.eth, chain 42220) or "ethereum" (ENS on Ethereum mainnet).',
      ),
  }),
  output: z.strictObject({
    name: z.string().describe("The normalized name."),
    network: z.enum(["celo", "ethereum"]),
    address: address("The address, or null.").nullable(),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const { core, sdk } = await context.runtime();
    const network = core.parseEnsNetwork(args.network);
    const resolved = await sdk.ens.resolveEns(args.name, network, { signal: call.signal });
    return { data: { name: await core.parseEnsName(args.name), network, address: resolved } };
  },
});
