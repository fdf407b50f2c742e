import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Abi, Address, Hex } from "viem";
import { createPublicClient, createWalletClient, getAddress, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";

const require = createRequire(import.meta.url);

/** Compiles test/fixtures/PullVault.sol with the pinned solc and deploys it from a fresh funded key. */
export async function deployPullVault(devnet: {
  rpcUrl: string;
  fund(address: Address, token: "CELO", amount: string): Promise<void>;
}): Promise<{ address: Address; abi: Abi }> {
  const solc = require("solc") as { compile(input: string): string };
  const source = readFileSync(new URL("../fixtures/PullVault.sol", import.meta.url), "utf8");
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "PullVault.sol": { content: source } },
        settings: {
          evmVersion: "cancun",
          outputSelection: { "*": { PullVault: ["abi", "evm.bytecode.object"] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const compiled = output.contracts["PullVault.sol"]?.PullVault;
  if (!compiled) throw new Error("PullVault did not compile");

  const deployer = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(deployer.address, "CELO", "1");
  const transport = http(devnet.rpcUrl);
  const wallet = createWalletClient({ account: deployer, chain: celo, transport });
  const reader = createPublicClient({ chain: celo, transport });
  const hash = await wallet.deployContract({
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}` as Hex,
  });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("PullVault deployment failed");
  return { address: getAddress(receipt.contractAddress), abi: compiled.abi };
}
