// Test NFT collections for the chain-read tests: OpenZeppelin's ERC-721 and ERC-1155 from the npm package
// `@openzeppelin/contracts` (contracts/nft/*.sol add only an open mint and names), compiled here with the pinned
// `solc` on first use (once per process) and deployed to a running devnet. Not part of the prebuilt state: NFTs
// are no mainnet contract preflow depends on, and only the tests that read them pay for the compile.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Address, encodeFunctionData, getAddress, type Hex } from "viem";
import { sendImpersonated } from "./sendImpersonated.js";

const require = createRequire(import.meta.url);
const NFT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "contracts", "nft");

/** The compiled test collections. */
interface CompiledNfts {
  erc721: { abi: readonly unknown[]; bytecode: Hex };
  erc1155: { abi: readonly unknown[]; bytecode: Hex };
}

let compiled: Promise<CompiledNfts> | undefined;

/** Compiles contracts/nft/*.sol against `@openzeppelin/contracts` (once per process). */
function compileNfts(): Promise<CompiledNfts> {
  compiled ??= (async () => {
    const solc = require("solc") as {
      compile(input: string, options: { import(path: string): unknown }): string;
    };
    const ozRoot = path.dirname(require.resolve("@openzeppelin/contracts/package.json"));
    const files = ["DevnetNft721.sol", "DevnetNft1155.sol"];
    const input = {
      language: "Solidity",
      sources: Object.fromEntries(
        files.map((file) => [file, { content: readFileSync(path.join(NFT_DIR, file), "utf8") }]),
      ),
      settings: {
        optimizer: { enabled: true, runs: 200 },
        evmVersion: "cancun",
        outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
      },
    };
    const findImports = (name: string) => {
      const prefix = "@openzeppelin/contracts/";
      if (!name.startsWith(prefix)) return { error: `not found: ${name}` };
      try {
        return { contents: readFileSync(path.join(ozRoot, name.slice(prefix.length)), "utf8") };
      } catch {
        return { error: `not found: ${name}` };
      }
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
      errors?: { severity: string; formattedMessage: string }[];
      contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
    };
    const errors = (output.errors ?? []).filter((error) => error.severity === "error");
    if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
    const artifact = (file: string, name: string) => {
      const contract = output.contracts[file]![name]!;
      return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex };
    };
    return {
      erc721: artifact("DevnetNft721.sol", "DevnetNft721"),
      erc1155: artifact("DevnetNft1155.sol", "DevnetNft1155"),
    };
  })();
  return compiled;
}

/**
 * Test NFT collections deployed by {@link deployTestNfts}: an ERC-721 ("Devnet Kittens", `DKIT`, token URI
 * `ipfs://devnet-kittens/<id>`) and an ERC-1155 ("Devnet Items", `DITM`, URI `https://items.devnet.invalid/{id}.json`),
 * both with an open `mint`.
 */
export interface TestNfts {
  erc721: Address;
  erc1155: Address;
  /** Mints ERC-721 `tokenId` to `to`. */
  mint721(to: Address, tokenId: bigint): Promise<void>;
  /** Mints `amount` of ERC-1155 `id` to `to`. */
  mint1155(to: Address, id: bigint, amount: bigint): Promise<void>;
}

const mint721Abi = [
  {
    type: "function",
    name: "mint",
    stateMutability: "nonpayable",
    inputs: [{ type: "address" }, { type: "uint256" }],
    outputs: [],
  },
] as const;
const mint1155Abi = [
  {
    type: "function",
    name: "mint",
    stateMutability: "nonpayable",
    inputs: [{ type: "address" }, { type: "uint256" }, { type: "uint256" }],
    outputs: [],
  },
] as const;

/**
 * Compiles (once per process) and deploys the test NFT collections to the devnet at `rpcUrl` (two transactions),
 * and returns their addresses with mint helpers.
 */
export async function deployTestNfts(rpcUrl: string): Promise<TestNfts> {
  const { erc721, erc1155 } = await compileNfts();
  const deploy = async (bytecode: Hex, what: string) => {
    const { contractAddress } = await sendImpersonated(rpcUrl, { data: bytecode, gas: 5_000_000n }, what);
    if (!contractAddress) throw new Error(`${what}: no contract address in the receipt`);
    return getAddress(contractAddress);
  };
  const [nft721, nft1155] = [
    await deploy(erc721.bytecode, "DevnetNft721"),
    await deploy(erc1155.bytecode, "DevnetNft1155"),
  ];
  return {
    erc721: nft721,
    erc1155: nft1155,
    async mint721(to, tokenId) {
      const data = encodeFunctionData({ abi: mint721Abi, functionName: "mint", args: [to, tokenId] });
      await sendImpersonated(rpcUrl, { to: nft721, data }, `mint DKIT #${tokenId}`);
    },
    async mint1155(to, id, amount) {
      const data = encodeFunctionData({ abi: mint1155Abi, functionName: "mint", args: [to, id, amount] });
      await sendImpersonated(rpcUrl, { to: nft1155, data }, `mint ${amount} DITM #${id}`);
    },
  };
}
