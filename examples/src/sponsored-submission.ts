// Submit a prepared flow as one gas-sponsored UserOperation from the owner's simple smart account.
//   RPC_URL=… OWNER_KEY=0x… SPONSOR_API_KEY=… [SPONSOR_BASE_URL=…] SPENDER=0x… tsx src/sponsored-submission.ts
import { createSdkClient } from "preflow";
import { createAAClient } from "preflow/aa";
import { privateKeyToAccount } from "viem/accounts";

const rpcUrl = process.env.RPC_URL ?? "https://forno.celo.org";
const aa = await createAAClient({
  owner: privateKeyToAccount(process.env.OWNER_KEY as `0x${string}`),
  rpcUrl,
  gasSponsorship: {
    provider: "sponsor_a",
    sponsor_a: { apiKey: process.env.SPONSOR_API_KEY ?? "", baseUrl: process.env.SPONSOR_BASE_URL },
  },
  attributionTags: ["example_app"], // tags applied at send time (not also on createSdkClient)
});

const client = createSdkClient({ rpcUrl });
const flow = await client.transaction.prepareApprove(
  aa.smartAccountAddress,
  process.env.SPENDER ?? aa.smartAccountAddress,
  "USDm",
  process.env.AMOUNT ?? "1",
);
const result = await aa.sendPreparedFlow(flow, { mode: "batch" });
console.error(result.success ? "sponsored and mined" : `failed: ${result.error?.message}`);
console.log(JSON.stringify(result));
process.exit(result.success ? 0 : 1);
