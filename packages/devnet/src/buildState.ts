// `pnpm --filter @preflow/devnet build-state`: deploys everything the devnet's chain 42220 holds into a fresh
// anvil, dumps its state into prebuilt/chain-42220.state.gz and records the hash of its inputs beside it
// (prebuilt/chain-42220.inputs.json). `startDevnet` loads that state instead of deploying.
import { writeFile } from "node:fs/promises";
import { startAnvil } from "./anvil.js";
import { deployCeloNames } from "./celoNames.js";
import { deployAccountAbstraction, deployTokens } from "./deployContracts.js";
import { deployFeeCurrencies } from "./feeCurrencies/deployFeeCurrencies.js";
import { PREBUILT_STATE_FILE, PREBUILT_STATE_INPUTS_FILE } from "./prebuiltState.js";
import { prebuiltStateInputsHash } from "./prebuiltStateInputs.js";
import { stopProcess } from "./processes.js";
import { deployAave } from "./protocols/aaveDeployment.js";
import { deployCeloCore } from "./protocols/celoCoreDeployment.js";
import {
  seedCeloGovernance,
  seedCeloStaking,
  transferCeloCoreToGovernance,
} from "./protocols/celoCoreSeed.js";
import { deployGoodDollar } from "./protocols/goodDollarDeployment.js";
import { deployMento } from "./protocols/mentoDeployment.js";
import { deployUniswap } from "./protocols/uniswapDeployment.js";
import { deployUniswapV4 } from "./protocols/uniswapV4Deployment.js";
import { rpcCall } from "./rpc.js";

const started = performance.now();
const anvil = await startAnvil({ name: "anvil (build-state)", chainId: 42220 });
try {
  const { rpcUrl } = anvil;
  const phases: Record<string, number> = {};
  const phase = async (name: string, run: () => Promise<void>) => {
    const t0 = performance.now();
    await run();
    phases[name] = Math.round(performance.now() - t0);
  };
  await phase("erc4337", () => deployAccountAbstraction(rpcUrl));
  await phase("tokens", () => deployTokens(rpcUrl));
  await phase("celoCore", () => deployCeloCore(rpcUrl)); // before the Mento stables: they read the Registry
  await phase("feeCurrencies", () => deployFeeCurrencies(rpcUrl));
  await phase("celoNames", () => deployCeloNames(rpcUrl));
  await phase("uniswap", () => deployUniswap(rpcUrl));
  await phase("uniswapV4", () => deployUniswapV4(rpcUrl)); // after v3: the router takes its factory
  await phase("mento", () => deployMento(rpcUrl));
  await phase("aave", () => deployAave(rpcUrl));
  await phase("celoCoreSeed", async () => {
    await seedCeloStaking(rpcUrl);
    await seedCeloGovernance(rpcUrl);
    await transferCeloCoreToGovernance(rpcUrl);
  });
  await phase("goodDollar", () => deployGoodDollar(rpcUrl));
  const state = await rpcCall<`0x${string}`>(rpcUrl, "anvil_dumpState");
  const blockNumber = BigInt(await rpcCall<string>(rpcUrl, "eth_blockNumber"));
  await writeFile(PREBUILT_STATE_FILE, Buffer.from(state.slice(2), "hex"));
  const inputs = { inputsHash: prebuiltStateInputsHash(), blockNumber: Number(blockNumber) };
  await writeFile(PREBUILT_STATE_INPUTS_FILE, `${JSON.stringify(inputs, null, 2)}\n`);
  console.log(
    `wrote prebuilt/chain-42220.state.gz (${Math.round((state.length - 2) / 2 / 1024)} KiB, ${blockNumber} blocks) in ` +
      `${Math.round(performance.now() - started)} ms; phases (ms): ${JSON.stringify(phases)}`,
  );
} finally {
  await stopProcess(anvil.process);
}
