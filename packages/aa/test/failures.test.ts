import { ChainMismatchError, InvalidArgumentError, InvalidPreparedFlowError, SdkError } from "@preflow/core";
import { closedPortUrl, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount, toAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import {
  createAAClient,
  FlowAccountMismatchError,
  ServiceUnreachableError,
  SponsorshipUnauthorizedError,
} from "../src/index.js";
import { expectInErrorType } from "./helpers/errorTypes.js";
import { approveAndDeposit, fund, newAAClient, sponsorship } from "./helpers/fixtures.js";

/** Every serialized form of an error a user could log. */
function serialized(error: unknown): string {
  const e = error as Error;
  return [JSON.stringify(e), String(e), e.stack ?? "", JSON.stringify((e as SdkError).details ?? {})].join(
    "\n",
  );
}

/** The error `sendPreparedFlow` rejects with, checked against its ErrorType. */
async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    expectInErrorType("sendPreparedFlow", error);
    return error;
  }
  throw new Error("expected a rejection");
}

describe("failures: typed errors or results, never the API key", () => {
  const devnet = useDevnet();
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  it("a wrong API key throws SponsorshipUnauthorizedError (HTTP 401, -32001) without the key", async () => {
    const wrongKey = "wrongkey_SECRET_7f3a9c1e5b";
    const aa = await newAAClient(devnet, { gasSponsorship: sponsorship(devnet, wrongKey) });
    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    const error = await caught(aa.sendPreparedFlow(flow));
    expect(error).toBeInstanceOf(SponsorshipUnauthorizedError);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({
      code: "SPONSORSHIP_UNAUTHORIZED",
      details: { status: 401, rpcCode: -32001 },
    });
    expect((error as SdkError).message).toContain("apikey=***");
    expect(serialized(error)).not.toContain(wrongKey);
    // The real key of the devnet is not in there either (nothing leaks from other clients).
    expect(serialized(error)).not.toContain(devnet.sponsorApiKey);
  });

  it("a sponsor endpoint that is down throws ServiceUnreachableError without the key", async () => {
    const key = "downkey_SECRET_9b8c7d6e5f";
    const aa = await newAAClient(devnet, { gasSponsorship: sponsorship(devnet, key, await closedPortUrl()) });
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    const error = await caught(aa.sendPreparedFlow(flow));
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(error).toMatchObject({ code: "SERVICE_UNREACHABLE", details: { service: "sponsor" } });
    expect((error as SdkError).message).toMatch(/apikey=\*\*\*/);
    expect(serialized(error)).not.toContain(key);
  });

  it("an RPC endpoint that is down throws ServiceUnreachableError (service rpc)", async () => {
    const aa = await newAAClient(devnet, { rpcUrl: await closedPortUrl() });
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    const error = await caught(aa.sendPreparedFlow(flow));
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(error).toMatchObject({ details: { service: "rpc", method: "eth_chainId + eth_getCode" } });
    expect(serialized(error)).not.toContain(devnet.sponsorApiKey);
  });

  it("an RPC endpoint of another chain throws core's ChainMismatchError before anything is sponsored", async () => {
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
    rpc.inject({ method: "eth_chainId", fault: { kind: "result", result: "0xaef3" } });
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(rpc, sponsor);
    const aa = await newAAClient(devnet, {
      rpcUrl: rpc.url,
      gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
    });
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    const error = await caught(aa.sendPreparedFlow(flow));
    expect(error).toBeInstanceOf(ChainMismatchError);
    expect(error).toMatchObject({ code: "CHAIN_MISMATCH", details: { expected: 42220, actual: 44787 } });
    expect(sponsor.methods.filter((method) => method !== "pimlico_getUserOperationGasPrice")).toEqual([]);
  });

  it("a UserOperation the bundler refuses (bad owner signature) is success: false, USEROP_REJECTED", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const impostor = privateKeyToAccount(generatePrivateKey());
    // Claims the owner's address but signs with another key: the account's validation fails (AA24).
    const badSigner = toAccount({
      address: owner.address,
      signMessage: impostor.signMessage,
      signTransaction: impostor.signTransaction,
      signTypedData: impostor.signTypedData,
    });
    const aa = await createAAClient({
      owner: badSigner,
      gasSponsorship: sponsorship(devnet),
      rpcUrl: devnet.rpcUrl,
    });
    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    const result = await aa.sendPreparedFlow(flow);
    expect(result.success).toBe(false);
    expect(result.userOpHashes).toEqual([]);
    expect(result.error).toMatchObject({ code: "USEROP_REJECTED", stepIndex: null });
    expect(result.error?.message).toMatch(/AA24|signature/i);
    expect(JSON.stringify(result)).not.toContain(devnet.sponsorApiKey);
  });

  it("a refused sponsorship is success: false, SPONSORSHIP_REFUSED, with the service's reason", async () => {
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    sponsor.inject({
      method: "pm_sponsorUserOperation",
      fault: {
        kind: "error",
        code: -32000,
        message: "Sponsorship denied by policy sp_test: daily limit reached",
      },
    });
    proxies.push(sponsor);
    const aa = await newAAClient(devnet, {
      gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
    });
    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    const result = await aa.sendPreparedFlow(flow, { mode: "sequential" });
    expect(result).toMatchObject({
      success: false,
      mode: "sequential",
      userOpHashes: [],
      transactionHashes: [],
    });
    expect(result.error).toMatchObject({ code: "SPONSORSHIP_REFUSED", stepIndex: 0 });
    expect(result.error?.message).toContain("daily limit reached");
    expect(sponsor.methods).not.toContain("eth_sendUserOperation");
  });

  it("rejects a flow prepared for another account, invalid flows and invalid options before any I/O", async () => {
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(rpc, sponsor);
    const aa = await newAAClient(devnet, {
      rpcUrl: rpc.url,
      gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
    });
    const eoa = privateKeyToAccount(generatePrivateKey()).address;
    const forEoa = await approveAndDeposit(devnet, eoa, parseUnits("1", 18));
    const mismatch = await caught(aa.sendPreparedFlow(forEoa));
    expect(mismatch).toBeInstanceOf(FlowAccountMismatchError);
    expect(mismatch).toMatchObject({
      code: "FLOW_ACCOUNT_MISMATCH",
      details: { from: eoa, account: aa.smartAccountAddress, accountKind: "smart account" },
    });
    const good = await approveAndDeposit(devnet, aa.smartAccountAddress, parseUnits("1", 18));
    const bad = { ...good, steps: [{ ...good.steps[0], data: "0x123" }] };
    expect(await caught(aa.sendPreparedFlow(bad as never))).toBeInstanceOf(InvalidPreparedFlowError);
    const wrongChain = { ...good, chainId: 1 };
    expect(await caught(aa.sendPreparedFlow(wrongChain as never))).toMatchObject({
      code: "INVALID_PREPARED_FLOW",
    });
    expect(await caught(aa.sendPreparedFlow(good, { mode: "parallel" as never }))).toBeInstanceOf(
      InvalidArgumentError,
    );
    expect(await caught(aa.sendPreparedFlow(good, { atomic: true } as never))).toMatchObject({
      code: "INVALID_ARGUMENT",
    });
    expect(rpc.requests).toBe(0);
    expect(sponsor.requests).toBe(0);
  });
});
