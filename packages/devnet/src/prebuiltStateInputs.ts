// What the prebuilt chain state is built from. Its hash is recorded beside the state when it is built and a test
// recomputes it, so the committed state can never drift from the code and artifacts that make it.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { FEE_CURRENCY_ARTIFACTS } from "./feeCurrencies/deployFeeCurrencies.js";
import { AAVE_ARTIFACTS } from "./protocols/aaveDeployment.js";
import { CELO_CORE_ARTIFACTS } from "./protocols/celoCoreDeployment.js";
import { GOODDOLLAR_ARTIFACTS } from "./protocols/goodDollar.js";
import { UNISWAP_ARTIFACTS } from "./protocols/uniswapDeployment.js";
import { UNISWAP_V4_ARTIFACTS } from "./protocols/uniswapV4Deployment.js";

const require = createRequire(import.meta.url);
const packageRoot = new URL("../", import.meta.url);

/** Source files whose code decides the state (relative to the package root). */
export function prebuiltStateSourceFiles(): string[] {
  const protocols = readdirSync(new URL("src/protocols/", packageRoot))
    .filter((f) => f.endsWith(".ts"))
    .sort()
    .map((f) => `src/protocols/${f}`);
  const feeCurrencies = readdirSync(new URL("src/feeCurrencies/", packageRoot))
    .filter((f) => f.endsWith(".ts"))
    .sort()
    .map((f) => `src/feeCurrencies/${f}`);
  return [
    "src/accounts.ts",
    "src/buildState.ts",
    "src/celoNames.ts",
    "src/contracts.generated.ts",
    "src/deployContracts.ts",
    "src/fund.ts",
    "src/sendImpersonated.ts",
    "src/tokens.ts",
    ...protocols,
    ...feeCurrencies,
  ];
}

/** npm artifacts deployed into the state (their creation code is hashed, not their path). */
function artifactSpecifiers(): string[] {
  return [
    "@account-abstraction/contracts/artifacts/EntryPoint.json",
    "@account-abstraction/contracts/artifacts/SimpleAccountFactory.json",
    "aa-contracts-06/artifacts/EntryPoint.json",
    "aa-contracts-08/artifacts/EntryPoint.json",
    ...Object.values(UNISWAP_ARTIFACTS),
    ...Object.values(UNISWAP_V4_ARTIFACTS),
    ...Object.values(AAVE_ARTIFACTS),
    ...Object.values(FEE_CURRENCY_ARTIFACTS),
    ...Object.values(CELO_CORE_ARTIFACTS),
    ...Object.values(GOODDOLLAR_ARTIFACTS),
  ];
}

/**
 * sha256 over the source files, the creation code of every npm artifact deployed (Permit2's runtime code is in
 * `DeployPermit2`'s) and anvil's version: the committed state is current when this equals the `inputsHash` recorded in `prebuilt/chain-42220.inputs.json`.
 */
export function prebuiltStateInputsHash(): string {
  const hash = createHash("sha256");
  for (const file of prebuiltStateSourceFiles()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(fileURLToPath(new URL(file, packageRoot))));
  }
  for (const specifier of artifactSpecifiers()) {
    // hardhat artifacts hold the creation code in `bytecode`, foundry's in `bytecode.object`
    const artifact = require(specifier) as { bytecode: string | { object: string } };
    const bytecode = typeof artifact.bytecode === "string" ? artifact.bytecode : artifact.bytecode.object;
    hash.update(`${specifier}\n${bytecode}\n`);
  }
  const anvil = require("@foundry-rs/anvil/package.json") as { version: string };
  hash.update(`anvil ${anvil.version}\n`);
  return hash.digest("hex");
}
