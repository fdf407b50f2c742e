import { createRequire } from "node:module";
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  pad,
} from "viem";
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { DEVNET_ROLES } from "./accounts.js";
import { devnetChain } from "./chain.js";
import {
  celoTokenStandInRuntimeCode,
  devnetTokenAbi,
  devnetTokenRuntimeCode,
  devnetVaultRuntimeCode,
  multicall3RuntimeCode,
  tetherTokenStandInRuntimeCode,
} from "./contracts.generated.js";
import { MENTO_STABLE_TOKENS } from "./feeCurrencies/mentoStableTokens.js";
import { rpcCall } from "./rpc.js";
import { DEVNET_TOKENS, DEVNET_VAULT_ADDRESS, MULTICALL3_ADDRESS } from "./tokens.js";

const require = createRequire(import.meta.url);

/** anvil's built-in deterministic CREATE2 deployer (the canonical "Arachnid" proxy). */
export const DETERMINISTIC_DEPLOYER: Address = "0x4e59b44847b379578588920ca78fbf26c0b4956c";
/** SimpleAccountFactory v0.7 (eth-infinitism, constructor arg EntryPoint v0.7) at its canonical address. */
export const SIMPLE_ACCOUNT_FACTORY_07: Address = "0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985";

const EP07_SALT: Hex = "0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3";
const EP08_SALT: Hex = "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9";

interface Artifact {
  abi: readonly unknown[];
  bytecode: Hex;
}

/**
 * Deploys the ERC-4337 contracts by CREATE2 through the deterministic deployer, from the published
 * `@account-abstraction/contracts` artifacts, whose creation code is byte-identical to the canonical deployments
 * (each resulting address is checked before anything is sent). EntryPoint 0.6 and 0.8 are deployed only because
 * the mock paymaster's setup funds paymasters on all three versions.
 */
export async function deployAccountAbstraction(rpcUrl: string): Promise<void> {
  const ep07 = require("@account-abstraction/contracts/artifacts/EntryPoint.json") as Artifact;
  const factory07 = require("@account-abstraction/contracts/artifacts/SimpleAccountFactory.json") as Artifact;
  const ep06 = require("aa-contracts-06/artifacts/EntryPoint.json") as Artifact;
  const ep08 = require("aa-contracts-08/artifacts/EntryPoint.json") as Artifact;
  const factoryInit = encodeDeployData({
    abi: factory07.abi,
    bytecode: factory07.bytecode,
    args: [entryPoint07Address],
  });
  const jobs = [
    { name: "EntryPoint v0.7", salt: EP07_SALT, init: ep07.bytecode, expect: entryPoint07Address },
    {
      name: "SimpleAccountFactory v0.7",
      salt: pad("0x0"),
      init: factoryInit,
      expect: SIMPLE_ACCOUNT_FACTORY_07,
    },
    { name: "EntryPoint v0.6", salt: pad("0x0"), init: ep06.bytecode, expect: entryPoint06Address },
    { name: "EntryPoint v0.8", salt: EP08_SALT, init: ep08.bytecode, expect: entryPoint08Address },
  ];
  const transactions = jobs.map((job) => {
    const address = getContractAddress({
      opcode: "CREATE2",
      from: DETERMINISTIC_DEPLOYER,
      salt: job.salt,
      bytecode: job.init,
    });
    if (address.toLowerCase() !== job.expect.toLowerCase()) {
      throw new Error(`devnet: ${job.name} would land at ${address}, not its canonical ${job.expect}`);
    }
    return {
      name: job.name,
      to: DETERMINISTIC_DEPLOYER,
      data: concat([job.salt, job.init]),
      gas: 10_000_000n,
    };
  });
  await sendFromDeployer(rpcUrl, transactions);
  const codes = await Promise.all(
    jobs.map((job) => rpcCall<Hex>(rpcUrl, "eth_getCode", [job.expect, "latest"])),
  );
  const missing = jobs.find((_, i) => codes[i] === "0x");
  if (missing) throw new Error(`devnet: ${missing.name} has no code at ${missing.expect} after deployment`);
}

/**
 * Places Multicall3 and the tokens at their mainnet addresses with `anvil_setCode` (none has a constructor or
 * immutables, so runtime code placement is faithful), then initializes each ERC-20 stand-in with its mainnet
 * name, symbol and decimals. USDC (Circle's own code) and the Mento stables are deployFeeCurrencies'.
 */
export async function deployTokens(rpcUrl: string): Promise<void> {
  await rpcCall(rpcUrl, "anvil_setCode", [MULTICALL3_ADDRESS, multicall3RuntimeCode]);
  await rpcCall(rpcUrl, "anvil_setCode", [DEVNET_TOKENS.CELO.address, celoTokenStandInRuntimeCode]);
  await rpcCall(rpcUrl, "anvil_setCode", [DEVNET_VAULT_ADDRESS, devnetVaultRuntimeCode]);
  const transactions = [];
  for (const token of Object.values(DEVNET_TOKENS)) {
    // CELO is native; the Mento stables get Celo's StableToken (feeCurrencies/mentoStableTokens.ts)
    // USDC is Circle's FiatTokenCeloV2_2 (feeCurrencies/circleUsdc.ts)
    if (token.symbol === "CELO" || token.symbol === "USDC" || token.symbol in MENTO_STABLE_TOKENS) continue;
    // USD₮ and USA₮ get EIP-3009 (contracts/TetherTokenStandIn.sol, domain { name(), "1" }: "Tether USD" and
    // "Tether America USD"); the others are plain ERC-20 stand-ins
    const code =
      token.symbol === "USDT" || token.symbol === "USAT"
        ? tetherTokenStandInRuntimeCode
        : devnetTokenRuntimeCode;
    await rpcCall(rpcUrl, "anvil_setCode", [token.address, code]);
    const data = encodeFunctionData({
      abi: devnetTokenAbi,
      functionName: "initialize",
      args: [token.name, token.symbol, token.decimals],
    });
    transactions.push({ name: `${token.symbol} initialization`, to: token.address, data, gas: 300_000n });
  }
  await sendFromDeployer(rpcUrl, transactions);
}

/** Sends `transactions` from the deployer back to back with explicit nonces (anvil mines each at once), then
 * waits for every receipt; throws naming the first that failed. */
async function sendFromDeployer(
  rpcUrl: string,
  transactions: readonly { name: string; to: Address; data: Hex; gas: bigint }[],
): Promise<void> {
  const chain = devnetChain(rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 20 });
  const wallet = createWalletClient({
    chain,
    transport: http(rpcUrl),
    account: privateKeyToAccount(DEVNET_ROLES.deployer.privateKey),
  });
  let nonce = await publicClient.getTransactionCount({ address: wallet.account.address });
  const hashes: Hex[] = [];
  for (const { to, data, gas } of transactions) {
    hashes.push(await wallet.sendTransaction({ to, data, gas, nonce: nonce++ }));
  }
  for (const [i, hash] of hashes.entries()) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`devnet: ${transactions[i]!.name} failed (${hash})`);
  }
}
