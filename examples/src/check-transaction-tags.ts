// Check a transaction's ERC-8021 tags from its hash alone (bundles of UserOperations included), with only
// @preflow/attribution and any EIP-1193 request function.
//   RPC_URL=… HASH=0x… [TAG=example_app] tsx src/check-transaction-tags.ts
import { checkAttributionInTransaction } from "@preflow/attribution";

const rpcUrl = process.env.RPC_URL ?? "https://forno.celo.org";
let id = 0;
const request = async ({ method, params }: { method: string; params?: unknown }) => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
};

const result = await checkAttributionInTransaction(
  { request, hash: process.env.HASH as `0x${string}` },
  process.env.TAG,
);
console.log(
  JSON.stringify({
    bundle: result.bundle,
    found: result.found,
    tags: result.tags,
    platform: result.platform,
    matched: result.matched,
  }),
);
