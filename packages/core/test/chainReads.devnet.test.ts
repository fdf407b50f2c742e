// The chain reads of client.blockchain against the devnet, each counted at a real proxy: getBlock,
// getLatestBlocks, getNftInfo, getNftBalance (on OpenZeppelin's ERC-721 and ERC-1155 deployed by the test), readContract
// and estimateGas cost ONE HTTP request each, cold (the chain check folded in) and warm, and none for bad input.
import { deployTestNfts, type FaultProxy, startFaultProxy, type TestNfts } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, http, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BlockNotFoundError,
  ContractReadError,
  createSdkClient,
  estimateGas,
  FeeEstimateRevertedError,
  InvalidAddressError,
  InvalidArgumentError,
  RequestAbortedError,
  readContract,
  TOKENS,
} from "../src/index.js";
import { freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let nfts: TestNfts;
let holder: `0x${string}`;
const stranger = "0x000000000000000000000000000000000000dEaD";

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  holder = (await freshAccount(devnet, { CELO: "5", USDm: "20" })).address;
  nfts = await deployTestNfts(devnet.rpcUrl);
  await nfts.mint721(holder, 7n);
  await nfts.mint721(holder, 8n);
  await nfts.mint1155(holder, 3n, 25n);
}, 180_000);
afterAll(() => proxy.close());

const newClient = () => createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });

async function count<T>(fn: () => Promise<T>): Promise<{ result: T; requests: number; batches: string[][] }> {
  proxy.reset();
  const result = await fn();
  return { result, requests: proxy.requests, batches: proxy.batches };
}

describe("one HTTP request each", () => {
  it("getBlock: latest, by number, by hash; cold with the chain check folded in", async () => {
    const client = newClient();
    const latest = await count(() => client.blockchain.getBlock());
    expect(latest.batches).toEqual([["eth_chainId", "eth_getBlockByNumber"]]);
    const viem = createPublicClient({ transport: http(devnet.rpcUrl) });
    const expected = await viem.getBlock({ blockNumber: latest.result.number });
    expect(latest.result.hash).toBe(expected.hash);
    expect(latest.result.timestamp).toBe(expected.timestamp);
    expect(latest.result.transactions).toEqual(expected.transactions);
    const byNumber = await count(() => client.blockchain.getBlock({ number: "1" }));
    expect(byNumber.batches).toEqual([["eth_getBlockByNumber"]]);
    expect(byNumber.result.number).toBe(1n);
    const byHash = await count(() => client.blockchain.getBlock({ hash: byNumber.result.hash }));
    expect(byHash.batches).toEqual([["eth_getBlockByHash"]]);
    expect(byHash.result).toEqual(byNumber.result);
    const beyond = await count(() => client.blockchain.getBlock({ number: 10n ** 12n }).catch((e) => e));
    expect(beyond.result).toBeInstanceOf(BlockNotFoundError);
    expect(beyond.requests).toBe(1);
  });

  it("getLatestBlocks: the newest blocks, newest first, joined by number in one batch", async () => {
    const client = newClient();
    await client.rpc.ensureChain();
    const { result, batches } = await count(() => client.blockchain.getLatestBlocks({ count: 4 }));
    expect(batches).toEqual([["eth_getBlockByNumber", "eth_feeHistory", "eth_call"]]);
    expect(result.blocks).toHaveLength(4);
    expect(result.blocks[0]!.number).toBe(result.latest.number);
    const viem = createPublicClient({ transport: http(devnet.rpcUrl) });
    for (const [index, block] of result.blocks.entries()) {
      expect(block.number).toBe(result.latest.number - BigInt(index));
      const real = await viem.getBlock({ blockNumber: block.number });
      expect(block.hash).toBe(real.hash);
      expect(block.baseFeePerGas).toBe(real.baseFeePerGas);
    }
    const max = await count(() => client.blockchain.getLatestBlocks({ count: 20 }));
    expect(max.requests).toBe(1);
    expect(max.result.blocks.length).toBe(Math.min(20, Number(max.result.latest.number) + 1));
  });

  it("getNftInfo: ERC-721 owner and token URI; ERC-1155 uri with {id} expanded and no owner", async () => {
    const client = newClient();
    await client.rpc.ensureChain();
    const kitten = await count(() => client.blockchain.getNftInfo({ contract: nfts.erc721, tokenId: 7n }));
    expect(kitten.batches).toEqual([["eth_call"]]);
    expect(kitten.result).toEqual({
      contract: nfts.erc721,
      tokenId: 7n,
      standard: "erc721",
      owner: holder,
      tokenUri: "ipfs://devnet-kittens/7",
      name: "Devnet Kittens",
      symbol: "DKIT",
    });
    const unminted = await client.blockchain.getNftInfo({ contract: nfts.erc721, tokenId: "99" });
    expect(unminted.owner).toBeNull();
    expect(unminted.tokenUri).toBeNull(); // OpenZeppelin's tokenURI reverts for a token that does not exist
    const item = await count(() => client.blockchain.getNftInfo({ contract: nfts.erc1155, tokenId: 3 }));
    expect(item.requests).toBe(1);
    expect(item.result).toMatchObject({
      standard: "erc1155",
      owner: null,
      tokenUri: `https://items.devnet.invalid/${"3".padStart(64, "0")}.json`,
      name: "Devnet Items",
      symbol: "DITM",
    });
    // a token is no NFT: refused with the typed error, still one request
    const usdm = await count(() =>
      client.blockchain.getNftInfo({ contract: TOKENS.USDm.address, tokenId: 1n }).catch((e) => e),
    );
    expect(usdm.result).toBeInstanceOf(ContractReadError);
    expect(usdm.requests).toBe(1);
  });

  it("getNftBalance: ERC-721 count and ownership of one id; ERC-1155 per id", async () => {
    const client = newClient();
    await client.rpc.ensureChain();
    const all = await count(() => client.blockchain.getNftBalance({ owner: holder, contract: nfts.erc721 }));
    expect(all.batches).toEqual([["eth_call"]]);
    expect(all.result).toMatchObject({ standard: "erc721", balance: 2n, tokenId: null });
    expect(
      (await client.blockchain.getNftBalance({ owner: holder, contract: nfts.erc721, tokenId: 8n })).balance,
    ).toBe(1n);
    expect(
      (await client.blockchain.getNftBalance({ owner: stranger, contract: nfts.erc721, tokenId: 8n }))
        .balance,
    ).toBe(0n);
    const items = await count(() =>
      client.blockchain.getNftBalance({ owner: holder, contract: nfts.erc1155, tokenId: "3" }),
    );
    expect(items.requests).toBe(1);
    expect(items.result).toMatchObject({ standard: "erc1155", balance: 25n, tokenId: 3n });
    const noId = await client.blockchain
      .getNftBalance({ owner: holder, contract: nfts.erc1155 })
      .catch((e) => e);
    expect(noId).toBeInstanceOf(InvalidArgumentError);
    expect((noId as InvalidArgumentError).details.field).toBe("tokenId");
  });

  it("readContract: human-readable and JSON ABIs, results JSON-safe, reverts decoded", async () => {
    const client = newClient();
    await client.rpc.ensureChain();
    const balance = await count(() =>
      client.blockchain.readContract({
        to: TOKENS.USDm.address,
        abi: "function balanceOf(address owner) view returns (uint256)",
        functionName: "balanceOf",
        args: [holder],
      }),
    );
    expect(balance.batches).toEqual([["eth_call"]]);
    expect(balance.result).toEqual({
      to: TOKENS.USDm.address,
      function: "balanceOf(address)",
      result: parseUnits("20", 18).toString(),
    });
    expect(JSON.parse(JSON.stringify(balance.result))).toEqual(balance.result);
    const json = await readContract(client, {
      to: nfts.erc721,
      abi: JSON.stringify([
        {
          type: "function",
          name: "symbol",
          stateMutability: "view",
          inputs: [],
          outputs: [{ type: "string" }],
        },
      ]),
      functionName: "symbol",
    });
    expect(json.result).toBe("DKIT");
    const reverted = await readContract(client, {
      to: nfts.erc721,
      abi: [
        "function ownerOf(uint256) view returns (address)",
        "error ERC721NonexistentToken(uint256 tokenId)",
      ],
      functionName: "ownerOf",
      args: [99n],
    }).catch((e) => e);
    expect(reverted).toBeInstanceOf(ContractReadError);
    expect((reverted as ContractReadError).message).toMatch(/ERC721NonexistentToken\("99"\)/);
    // without the error in the ABI: preflow's revert decoder names its selector (0x7e273289) and size
    const undeclared = await readContract(client, {
      to: nfts.erc721,
      abi: ["function ownerOf(uint256) view returns (address)"],
      functionName: "ownerOf",
      args: [99n],
    }).catch((e) => e);
    expect(undeclared).toBeInstanceOf(ContractReadError);
    expect((undeclared as ContractReadError).details.reason).toMatch(
      /^the call reverted: (unknown error 0x7e273289 \(36 bytes of data\)|ERC721NonexistentToken)/,
    );
    // a state-changing function is refused before any request
    proxy.reset();
    const write = await readContract(client, {
      to: TOKENS.USDm.address,
      abi: ["function transfer(address to, uint256 amount) returns (bool)"],
      functionName: "transfer",
      args: [stranger, 1n],
    }).catch((e) => e);
    expect(write).toBeInstanceOf(InvalidArgumentError);
    expect((write as InvalidArgumentError).message).toMatch(/nonpayable, not view or pure/);
    expect(proxy.requests).toBe(0);
  });

  it("estimateGas: a send in CELO and in USDm, a contract call; the fee planner's figures", async () => {
    const client = newClient();
    await client.rpc.ensureChain();
    const celo = await count(() =>
      client.blockchain.estimateGas({ from: holder, to: stranger, token: "USDm", amount: "1" }),
    );
    expect(celo.requests).toBe(1);
    expect(celo.result).toMatchObject({ kind: "send", currency: "CELO", feeCurrency: null });
    expect(celo.result.gas).toBeGreaterThan(21_000n);
    expect(celo.result.estimated).toBeGreaterThan(0n);
    expect(celo.result.max).toBe(celo.result.gas * celo.result.maxFeePerGas);
    const usdm = await count(() =>
      client.blockchain.estimateGas({
        from: holder,
        to: stranger,
        token: "USDm",
        amount: "1",
        feeCurrency: "USDm",
      }),
    );
    expect(usdm.requests).toBe(1);
    expect(usdm.result).toMatchObject({ currency: "USDm", feeCurrency: TOKENS.USDm.address });
    expect(usdm.result.gas).toBeGreaterThan(celo.result.gas); // the currency's intrinsic gas
    // the same figures as prepareSend plans for the same transfer
    const flow = await client.transaction.prepareSend(holder, stranger, "USDm", "1", { feeCurrency: "USDm" });
    expect(flow.fee?.gas).toBe(usdm.result.gas.toString());
    expect(flow.fee?.max).toBe(usdm.result.max.toString());
    const call = await count(() =>
      estimateGas(client, {
        from: holder,
        to: nfts.erc721,
        abi: ["function mint(address to, uint256 tokenId)"],
        functionName: "mint",
        args: [holder, 1234n],
      }),
    );
    expect(call.requests).toBe(1);
    expect(call.result.kind).toBe("contractCall");
    expect(call.result.gas).toBeGreaterThan(40_000n);
    const reverts = await estimateGas(client, {
      from: holder,
      to: nfts.erc721,
      abi: ["function mint(address to, uint256 tokenId)"],
      functionName: "mint",
      args: [holder, 7n], // already minted
    }).catch((e) => e);
    expect(reverts).toBeInstanceOf(FeeEstimateRevertedError);
  });
});

describe("bad input fails before any request, naming field, value and rule", () => {
  it.each([
    ["getBlock number", (c: ReturnType<typeof newClient>) => c.blockchain.getBlock({ number: -1 }), "number"],
    ["getBlock hash", (c: ReturnType<typeof newClient>) => c.blockchain.getBlock({ hash: "0x12" }), "hash"],
    [
      "getLatestBlocks count",
      (c: ReturnType<typeof newClient>) => c.blockchain.getLatestBlocks({ count: 21 }),
      "count",
    ],
    [
      "getNftInfo tokenId",
      (c: ReturnType<typeof newClient>) => c.blockchain.getNftInfo({ contract: stranger, tokenId: "1.5" }),
      "tokenId",
    ],
    [
      "readContract abi",
      (c: ReturnType<typeof newClient>) =>
        c.blockchain.readContract({ to: stranger, abi: "function (", functionName: "x" }),
      "abi",
    ],
    [
      "readContract functionName",
      (c: ReturnType<typeof newClient>) =>
        c.blockchain.readContract({
          to: stranger,
          abi: ["function decimals() view returns (uint8)"],
          functionName: "decimal",
        }),
      "functionName",
    ],
    [
      "estimateGas neither",
      (c: ReturnType<typeof newClient>) => c.blockchain.estimateGas({ from: stranger, to: stranger }),
      "amount",
    ],
  ])("%s", async (_name, call, field) => {
    const client = newClient();
    proxy.reset();
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).details.field).toBe(field);
    expect((error as InvalidArgumentError).message).toMatch(/must|give|is not|not a|is empty|do not/);
    expect(proxy.requests).toBe(0);
  });

  it("an address that is not one is InvalidAddressError, before any request", async () => {
    proxy.reset();
    const direct = await newClient()
      .blockchain.getNftBalance({ owner: "0x12", contract: stranger })
      .catch((e: unknown) => e);
    expect(direct).toBeInstanceOf(InvalidAddressError);
    expect(proxy.requests).toBe(0);
  });
});

describe("abort", () => {
  it("a first call aborted during the chain check does not fail a concurrent call that joined the check", async () => {
    const client = newClient(); // cold: the first calls check the chain
    proxy.inject({ method: "eth_chainId", times: 1, fault: { kind: "delay", ms: 1_500 } });
    try {
      const controller = new AbortController();
      const first = client.blockchain.getBlock({ signal: controller.signal }).catch((e: unknown) => e);
      const second = client.blockchain.getBlock({ number: 0 });
      setTimeout(() => controller.abort(), 100);
      expect(await first).toBeInstanceOf(RequestAbortedError);
      expect((await second).number).toBe(0n); // checked the chain again instead of failing with the other's abort
    } finally {
      proxy.clearFaults();
    }
  });

  it("an aborted read rejects at once with RequestAbortedError and its HTTP request is aborted", async () => {
    const client = newClient();
    await client.rpc.ensureChain();
    proxy.inject({ method: "eth_getBlockByNumber", fault: { kind: "delay", ms: 3_000 } });
    try {
      const controller = new AbortController();
      const started = Date.now();
      const pending = client.blockchain.getBlock({ signal: controller.signal }).catch((e: unknown) => e);
      setTimeout(() => controller.abort(), 100);
      const error = await pending;
      expect(error).toBeInstanceOf(RequestAbortedError);
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      proxy.clearFaults();
    }
  });
});
