// The chain-read tools on the devnet (get_block, get_latest_blocks, get_nft_info, get_nft_balance, read_contract,
// estimate_gas), each one HTTP request counted at a proxy; and cancellation: every tool that talks to the node passes
// the MCP call's abort signal down, so a cancelled call ends at once with REQUEST_ABORTED, its HTTP request is
// aborted (the socket closes), and nothing is sent after it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { deployTestNfts, type FaultProxy, startFaultProxy, type TestNfts } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const stranger = privateKeyToAccount(generatePrivateKey()).address;

let proxy: FaultProxy;
let server: SpawnedServer;
let nfts: TestNfts;

beforeAll(async () => {
  await devnet.fund(signer, "CELO", "10");
  await devnet.fund(signer, "USDm", "50");
  nfts = await deployTestNfts(devnet.rpcUrl);
  await nfts.mint721(signer, 1n);
  await nfts.mint1155(signer, 9n, 4n);
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  server = await spawnServer({ RPC_URL: proxy.url, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
  data(await server.call("get_network_status")); // the runtime loaded and the chain checked
}, 180_000);

afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

/** Calls a tool and counts the HTTP requests it cost at the proxy. */
async function counted(name: string, args: Record<string, unknown>) {
  proxy.reset();
  const result = await server.call(name, args);
  return { result, requests: proxy.requests, batches: proxy.batches };
}

describe("the chain-read tools, one HTTP request each", () => {
  it("get_block and get_latest_blocks", async () => {
    const latest = await counted("get_block", {});
    expect(latest.requests).toBe(1);
    const head = data<{ number: string; hash: string; transactions: string[] }>(latest.result);
    expect(BigInt(head.number)).toBeGreaterThan(0n);
    const one = await counted("get_block", { number: "1" });
    expect(one.requests).toBe(1);
    const first = data<{ number: string; hash: string }>(one.result);
    expect(first.number).toBe("1");
    expect(data(await server.call("get_block", { hash: first.hash }))).toEqual(data(one.result));
    expect(toolError(await server.call("get_block", { number: "999999999999" })).code).toBe(
      "BLOCK_NOT_FOUND",
    );

    const blocks = await counted("get_latest_blocks", { count: 3 });
    expect(blocks.requests).toBe(1);
    const list = data<{ latest: { number: string }; blocks: { number: string; hash: string }[] }>(
      blocks.result,
    );
    expect(list.blocks.map((block) => BigInt(block.number))).toEqual(
      [0n, 1n, 2n].map((offset) => BigInt(list.latest.number) - offset),
    );
  });

  it("get_nft_info and get_nft_balance on OpenZeppelin's ERC-721 and ERC-1155", async () => {
    const info = await counted("get_nft_info", { contract: nfts.erc721, token_id: "1" });
    expect(info.requests).toBe(1);
    expect(data(info.result)).toEqual({
      contract: nfts.erc721,
      token_id: "1",
      standard: "erc721",
      owner: signer,
      token_uri: "ipfs://devnet-kittens/1",
      name: "Devnet Kittens",
      symbol: "DKIT",
    });
    const item = data<{ standard: string; owner: null; token_uri: string }>(
      await server.call("get_nft_info", { contract: nfts.erc1155, token_id: "9" }),
    );
    expect(item).toMatchObject({
      standard: "erc1155",
      owner: null,
      token_uri: `https://items.devnet.invalid/${"9".padStart(64, "0")}.json`,
    });

    const mine = await counted("get_nft_balance", { contract: nfts.erc721 }); // owner: the signer
    expect(mine.requests).toBe(1);
    expect(data(mine.result)).toMatchObject({
      owner: signer,
      standard: "erc721",
      balance: "1",
      token_id: null,
    });
    expect(
      data(await server.call("get_nft_balance", { contract: nfts.erc1155, token_id: "9" })),
    ).toMatchObject({
      balance: "4",
      token_id: "9",
    });
    expect(toolError(await server.call("get_nft_info", { contract: USDM, token_id: "1" })).code).toBe(
      "CONTRACT_READ_FAILED",
    );
  });

  it("read_contract: a view function's result JSON-safe; a state-changing function refused before any request", async () => {
    const read = await counted("read_contract", {
      to: USDM,
      abi: ["function balanceOf(address owner) view returns (uint256)"],
      function_name: "balanceOf",
      args: [signer],
    });
    expect(read.requests).toBe(1);
    expect(data(read.result)).toEqual({
      to: USDM,
      function: "balanceOf(address)",
      result: parseUnits("50", 18).toString(),
    });
    const struct = data<{ result: unknown }>(
      await server.call("read_contract", {
        to: nfts.erc721,
        abi: [
          {
            type: "function",
            name: "ownerOf",
            stateMutability: "view",
            inputs: [{ name: "tokenId", type: "uint256" }],
            outputs: [{ name: "owner", type: "address" }],
          },
        ],
        function_name: "ownerOf",
        args: ["1"],
      }),
    );
    expect(struct.result).toBe(signer);
    const write = await counted("read_contract", {
      to: USDM,
      abi: ["function transfer(address to, uint256 amount) returns (bool)"],
      function_name: "transfer",
      args: [stranger, "1"],
    });
    expect(toolError(write.result)).toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(write.requests).toBe(0);
  });

  it("estimate_gas: a send with the fee in USDm, and a contract call", async () => {
    const send = await counted("estimate_gas", {
      to: stranger,
      token: "USDm",
      amount: "2",
      fee_currency: "USDm",
    });
    expect(send.requests).toBe(1);
    const fee = data<{ currency: string; gas: string; estimated: string; max: string; fee_currency: string }>(
      send.result,
    );
    expect(fee).toMatchObject({ currency: "USDm", fee_currency: USDM });
    expect(BigInt(fee.estimated)).toBeGreaterThan(0n);
    expect(BigInt(fee.max)).toBeGreaterThanOrEqual(BigInt(fee.estimated));
    const call = await counted("estimate_gas", {
      to: nfts.erc721,
      abi: ["function mint(address to, uint256 tokenId)"],
      function_name: "mint",
      args: [stranger, "77"],
    });
    expect(call.requests).toBe(1);
    expect(data(call.result)).toMatchObject({ kind: "contractCall", currency: "CELO", fee_currency: null });
  });
});

/** An HTTP hop in front of the proxy that records each request and whether its client closed it before the answer. */
async function startRecorder(upstream: string) {
  const requests: { methods: string[]; answered: boolean; closedByClient: boolean }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    let methods: string[] = [];
    try {
      const parsed = JSON.parse(body) as { method: string } | { method: string }[];
      methods = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method);
    } catch {}
    const entry = { methods, answered: false, closedByClient: false };
    requests.push(entry);
    const forwarding = new AbortController();
    res.on("close", () => {
      if (entry.answered) return;
      entry.closedByClient = true;
      forwarding.abort();
    });
    try {
      const answer = await fetch(upstream, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: forwarding.signal,
      });
      const text = await answer.text();
      entry.answered = true;
      res.writeHead(answer.status, { "content-type": "application/json" }).end(text);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("cancellation: every tool passes its call's abort signal down", () => {
  it("a cancelled call ends at once with REQUEST_ABORTED, its HTTP request aborted, nothing sent after it", async () => {
    const slow = await startFaultProxy({ upstream: devnet.rpcUrl });
    const recorder = await startRecorder(slow.url);
    const cancellable = await spawnServer({
      RPC_URL: recorder.url,
      DO_NOT_TRACK: "1",
      CHAIN_PRIVATE_KEY: key,
    });
    const hash = `0x${"ab".repeat(32)}`;
    const calls: [string, Record<string, unknown>][] = [
      // the 13 tools that did not pass the signal before
      ["get_network_status", {}],
      ["get_balances", { tokens: ["USDm"] }],
      ["get_token_info", { token: "USDm" }],
      ["get_allowance", { spender: stranger, token: "USDm" }],
      ["get_transaction", { hash }],
      ["resolve_ens", { name: "alice.celo.eth" }],
      ["get_swap_quote", { token_in: "USDC", token_out: "USDm", amount_in: "1" }],
      ["prepare_swap", { token_in: "USDC", token_out: "USDm", amount_in: "1" }],
      ["prepare_send", { to: stranger, token: "USDm", amount: "1" }],
      ["prepare_approve", { spender: stranger, token: "USDm", amount: "1" }],
      [
        "prepare_contract_call",
        {
          to: USDM,
          abi: ["function approve(address,uint256)"],
          function_name: "approve",
          args: [stranger, "1"],
        },
      ],
      ["check_attribution_tag", { hash }],
      ["verify_attribution_tag", { hash }],
      // the chain reads
      ["get_block", {}],
      ["get_latest_blocks", {}],
      ["get_nft_info", { contract: nfts.erc721, token_id: "1" }],
      ["get_nft_balance", { contract: nfts.erc721 }],
      [
        "read_contract",
        { to: USDM, abi: ["function decimals() view returns (uint8)"], function_name: "decimals" },
      ],
      ["estimate_gas", { to: stranger, token: "USDm", amount: "1" }],
    ];
    const DELAY_MS = 4_000;
    try {
      data(await cancellable.call("get_network_status")); // warm: runtime loaded, chain checked, no delay yet
      slow.inject({ method: "*", fault: { kind: "delay", ms: DELAY_MS } });
      const endedAfterMs: Record<string, number> = {};
      for (const [name, args] of calls) {
        const before = recorder.requests.length;
        const logged = cancellable.captured().stderr.length;
        const controller = new AbortController();
        const pending = cancellable
          .call(name, args, { signal: controller.signal })
          .catch((error: unknown) => error);
        // wait until the tool's request is at the node (held by the delay), then cancel
        const sentBy = Date.now() + 10_000;
        while (recorder.requests.length === before && Date.now() < sentBy)
          await new Promise((r) => setTimeout(r, 10));
        expect(recorder.requests.length, `${name} sent its request`).toBe(before + 1);
        const cancelledAt = Date.now();
        controller.abort("the user moved on");
        expect(await pending).toBeInstanceOf(Error); // the client stopped waiting
        // the server's side: the tool itself ended, with REQUEST_ABORTED, long before the node's answer
        const endBy = Date.now() + DELAY_MS;
        const line = new RegExp(`${name} failed: REQUEST_ABORTED`);
        while (!line.test(cancellable.captured().stderr.slice(logged)) && Date.now() < endBy)
          await new Promise((r) => setTimeout(r, 10));
        expect(cancellable.captured().stderr.slice(logged), name).toMatch(line);
        endedAfterMs[name] = Date.now() - cancelledAt;
        // its HTTP request was aborted: the client closed the socket before any answer
        const closedBy = Date.now() + 2_000;
        while (!recorder.requests[before]!.closedByClient && Date.now() < closedBy)
          await new Promise((r) => setTimeout(r, 10));
        expect(recorder.requests[before], name).toMatchObject({ answered: false, closedByClient: true });
        expect(recorder.requests.length, `${name}: one request, no more`).toBe(before + 1);
      }
      // Past the delay, nothing more was sent: no retry, no follow-up read of any cancelled call.
      const sent = recorder.requests.length;
      await new Promise((r) => setTimeout(r, DELAY_MS + 500));
      expect(recorder.requests.length).toBe(sent);
      expect(sent).toBe(calls.length + 1);
      for (const [name] of calls) expect(endedAfterMs[name], name).toBeLessThan(1_500);
      console.log(
        `cancelled tools ended after (ms, the node's answer was ${DELAY_MS} ms away): ${JSON.stringify(endedAfterMs)}`,
      );
    } finally {
      await cancellable.close();
      await recorder.close();
      await slow.close();
    }
  }, 120_000);
});
