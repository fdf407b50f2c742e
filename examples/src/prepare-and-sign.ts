// Prepare a USDm send with preflow, sign and send each step with a plain viem wallet client.
//   RPC_URL=<chain 42220 RPC> PRIVATE_KEY=0x… TO=0x… AMOUNT=1.5 tsx src/prepare-and-sign.ts
import { createSdkClient, toTransactionRequest } from "preflow";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { waitForTransactionReceipt } from "viem/actions";
import { celo } from "viem/chains";

const rpcUrl = process.env.RPC_URL ?? "https://forno.celo.org";
const account = privateKeyToAccount(process.env.PRIVATE_KEY as `0x${string}`);
const to = process.env.TO ?? account.address;

const client = createSdkClient({ rpcUrl, attributionTags: ["example_app"] });
const flow = await client.transaction.prepareSend(account.address, to, "USDm", process.env.AMOUNT ?? "1");
console.error(flow.summary, flow.intent, `read at block ${flow.preparedAt?.blockNumber}`);

const wallet = createWalletClient({ account, chain: celo, transport: http(rpcUrl) });
for (const step of flow.steps) {
  const hash = await wallet.sendTransaction(toTransactionRequest(step));
  const receipt = await waitForTransactionReceipt(client.publicClient, { hash });
  console.error(`${step.description}: ${receipt.status}`);
  console.log(hash);
}
