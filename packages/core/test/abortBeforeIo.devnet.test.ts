// An abort costs no request and no wait: a signal that has already aborted stops resolveEns before any I/O (the
// chain RPC, the Ethereum RPC and the lazy ENSIP-15 module load), and executePreparedFlow races the reads it makes
// before signing against the signal (nothing is signed yet, so answering `aborted` at once is the truth), instead of
// waiting for a slow node. The slow node is the devnet behind a fault proxy that delays the reads.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createSdkClient,
  type ExecutionStepEvent,
  executePreparedFlow,
  RequestAbortedError,
  type SerializedPreparedFlow,
} from "../src/index.js";

const devnet = useDevnet();
let celo: FaultProxy;
let eth: FaultProxy;

beforeAll(async () => {
  if (!devnet.ethereum) throw new Error("core's vitest setup must be @preflow/devnet/vitest-setup-ethereum");
  celo = await startFaultProxy({ upstream: devnet.rpcUrl });
  eth = await startFaultProxy({ upstream: devnet.ethereum.rpcUrl });
});
afterAll(async () => {
  await celo.close();
  await eth.close();
});
beforeEach(() => {
  celo.clearFaults();
  celo.reset();
  eth.clearFaults();
  eth.reset();
});

/** A new client each time: its first call is the one that would also check the chain. */
const freshClient = () => createSdkClient({ rpcUrl: celo.url, ethRpcUrl: eth.url, analyticsEnabled: false });
const aborted = () => {
  const controller = new AbortController();
  controller.abort(new Error("the user left"));
  return controller.signal;
};

describe("resolveEns with a signal that has already aborted", () => {
  it.each(["celo", "ethereum"] as const)("sends nothing on a fresh client (network %s)", async (network) => {
    const name = network === "celo" ? "alice.celo.eth" : "alice.eth";
    const error = await freshClient()
      .ens.resolveEns(name, network, { signal: aborted() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as RequestAbortedError).details.reason).toBe("Error: the user left");
    expect(celo.requests).toBe(0);
    expect(eth.requests).toBe(0);
  });

  it("stops before the ENSIP-15 module load: a name only normalization would refuse is not looked at", async () => {
    // Without the early check, normalization (loaded on first use: a chunk download in a browser) would run first
    // and refuse the name with InvalidEnsNameError.
    const error = await freshClient()
      .ens.resolveEns("ab_c.celo.eth", "celo", { signal: aborted() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(celo.requests).toBe(0);
  });

  it("still resolves with a signal that does not abort (one request)", async () => {
    const address = await freshClient().ens.resolveEns("nobody-here.celo.eth", "celo", {
      signal: new AbortController().signal,
    });
    expect(address).toBeNull();
    expect(celo.requests).toBe(1);
  });
});

describe("executePreparedFlow answers an abort at once while a read before signing is in flight", () => {
  const account = privateKeyToAccount(generatePrivateKey());
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: 42220,
    from: account.address,
    summary: "Send 1 wei of CELO",
    steps: [
      {
        kind: "native",
        to: privateKeyToAccount(generatePrivateKey()).address,
        data: "0x",
        value: "1",
        description: "Send 1 wei of CELO",
      },
    ],
  };
  /** Far longer than any bound below: a call that waited for it would be seen waiting. */
  const SLOW_MS = 5_000;

  it("AbortSignal.timeout(1) on a slow node: `aborted` without waiting for the node's answer", async () => {
    celo.inject({ method: "*", fault: { kind: "delay", ms: SLOW_MS } });
    const events: ExecutionStepEvent[] = [];
    const started = Date.now();
    const result = await executePreparedFlow(freshClient().publicClient, {
      account,
      flow,
      signal: AbortSignal.timeout(1),
      onStep: (event) => {
        events.push(event);
      },
    });
    expect(result).toMatchObject({ status: "aborted", aborted: true, dryRun: false, completedSteps: 0 });
    expect(result.steps).toEqual([expect.objectContaining({ status: "skipped", sent: false, hash: null })]);
    expect(events).toEqual([]);
    expect(celo.count("eth_sendRawTransaction")).toBe(0);
    // It did not wait for the delayed answer (5 s); a generous bound, not a benchmark.
    expect(Date.now() - started).toBeLessThan(SLOW_MS / 2);
  });

  it("an abort while the chain check and nonce read are at the node answers `aborted` at once", async () => {
    const slow = celo.inject({ method: "*", fault: { kind: "delay", ms: SLOW_MS } });
    const controller = new AbortController();
    const started = Date.now();
    const running = executePreparedFlow(freshClient().publicClient, {
      account,
      flow,
      signal: controller.signal,
    });
    while (slow.hits === 0 && Date.now() - started < SLOW_MS) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const result = await running;
    expect(slow.hits).toBeGreaterThan(0); // the read was in flight when the signal aborted
    expect(result).toMatchObject({ status: "aborted", aborted: true, dryRun: false, completedSteps: 0 });
    expect(celo.count("eth_sendRawTransaction")).toBe(0);
    expect(Date.now() - started).toBeLessThan(SLOW_MS / 2);
  });

  it("a dry run's simulation: the abort answers `aborted` at once", async () => {
    const slow = celo.inject({ method: "eth_simulateV1", fault: { kind: "delay", ms: SLOW_MS } });
    const controller = new AbortController();
    const started = Date.now();
    const running = executePreparedFlow(freshClient().publicClient, {
      account,
      flow,
      dryRun: true,
      signal: controller.signal,
    });
    while (slow.hits === 0 && Date.now() - started < SLOW_MS) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const result = await running;
    expect(slow.hits).toBe(1);
    expect(result).toMatchObject({ status: "aborted", aborted: true, dryRun: true, completedSteps: 0 });
    expect(result.simulation).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(SLOW_MS / 2);
  });
});
