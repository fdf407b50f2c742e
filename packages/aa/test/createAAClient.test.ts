import { InvalidConfigError, SdkError } from "@preflow/core";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import {
  createAAClient,
  createGasSponsorshipService,
  DEFAULT_SPONSOR_A_BASE_URL,
  deriveSmartAccountAddress,
} from "../src/index.js";
import { expectInErrorType } from "./helpers/errorTypes.js";

const SECRET = "projkey_SECRET_31415926535";
const owner = privateKeyToAccount(generatePrivateKey());
const good = {
  owner,
  gasSponsorship: { provider: "sponsor_a" as const, sponsor_a: { apiKey: SECRET } },
};

async function rejection(parameters: unknown): Promise<InvalidConfigError> {
  try {
    await createAAClient(parameters as never);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidConfigError);
    expect(error).toBeInstanceOf(SdkError);
    expectInErrorType("createAAClient", error);
    const text = [JSON.stringify(error), String(error), (error as Error).stack].join("\n");
    expect(text).not.toContain(SECRET);
    return error as InvalidConfigError;
  }
  throw new Error("expected createAAClient to reject");
}

describe("createAAClient validation (before any I/O)", () => {
  it.each([
    ["(options)", undefined],
    ["owner", { ...good, owner: undefined }],
    ["owner", { ...good, owner: owner.address }],
    ["owner", { ...good, owner: { address: owner.address, type: "json-rpc" } }],
    ["gasSponsorship", { owner }],
    [
      "gasSponsorship.provider",
      { ...good, gasSponsorship: { provider: "sponsor_b", sponsor_b: { apiKey: SECRET } } },
    ],
    ["gasSponsorship.sponsor_a", { ...good, gasSponsorship: { provider: "sponsor_a" } }],
    [
      "gasSponsorship.sponsor_a.apiKey",
      { ...good, gasSponsorship: { provider: "sponsor_a", sponsor_a: {} } },
    ],
    [
      "gasSponsorship.sponsor_a.apiKey",
      { ...good, gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: "  " } } },
    ],
    [
      "gasSponsorship.sponsor_a.apiKey",
      { ...good, gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: `${SECRET} x` } } },
    ],
    [
      "gasSponsorship.sponsor_a.baseUrl",
      {
        ...good,
        gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: SECRET, baseUrl: "ftp://x" } },
      },
    ],
    [
      "gasSponsorship.sponsor_a.baseUrl",
      {
        ...good,
        gasSponsorship: {
          provider: "sponsor_a",
          sponsor_a: { apiKey: SECRET, baseUrl: `https://x.io?apikey=${SECRET}` },
        },
      },
    ],
    [
      "gasSponsorship.sponsor_a.apikey",
      { ...good, gasSponsorship: { provider: "sponsor_a", sponsor_a: { apikey: SECRET } } },
    ],
    ["attributionTags", { ...good, attributionTags: "myapp" }],
    ["attributionTags[1]", { ...good, attributionTags: ["ok", "not ok!"] }],
    ["rpcUrl", { ...good, rpcUrl: "ws://127.0.0.1:8545" }],
    ["rpcurl", { ...good, rpcurl: "http://127.0.0.1:8545" }],
    ["client", { ...good, client: "http://127.0.0.1:8545" }],
    ["client.publicClient", { ...good, client: { attributionTags: undefined } }],
    ["client.attributionTags", { ...good, client: { publicClient: { request() {} }, attributionTags: "x" } }],
    [
      "rpcUrl",
      {
        ...good,
        client: { publicClient: { request() {} }, attributionTags: undefined },
        rpcUrl: "http://x.io",
      },
    ],
  ])("names %s", async (option, parameters) => {
    const error = await rejection(parameters);
    expect(error.details.option).toBe(option);
    expect(error.message).toContain(`\`${option}\``);
  });

  it("makes no HTTP request while creating the client, and computes the address offline", async () => {
    const rpc = await startFaultProxy({ upstream: "http://127.0.0.1:9" });
    const sponsor = await startFaultProxy({ upstream: "http://127.0.0.1:9" });
    try {
      const aa = await createAAClient({
        ...good,
        rpcUrl: rpc.url,
        gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: SECRET, baseUrl: sponsor.url } },
        attributionTags: ["MyApp", "myapp", "partner"],
      });
      expect(rpc.requests + sponsor.requests).toBe(0);
      expect(aa.provider).toBe("sponsor_a");
      expect(aa.smartAccountAddress).toBe(deriveSmartAccountAddress(owner).smartAccountAddress);
      expect(aa.attributionTags).toEqual(["MYAPP", "PARTNER"]);
      expect(Object.isFrozen(aa)).toBe(true);
      // Nothing printable on the client holds the key.
      expect(JSON.stringify(aa)).not.toContain(SECRET);
      const { inspect } = await import("node:util");
      expect(inspect(aa, { depth: 10 })).not.toContain(SECRET);
    } finally {
      await Promise.all([rpc.close(), sponsor.close()]);
    }
  });
});

describe("GasSponsorshipService", () => {
  it("composes {base}/v2/42220/rpc?apikey=<key> and shows only its redacted form", () => {
    const service = createGasSponsorshipService({ provider: "sponsor_a", sponsor_a: { apiKey: SECRET } });
    expect(service.provider).toBe("sponsor_a");
    expect(service.redactedEndpointUrl).toBe(`${DEFAULT_SPONSOR_A_BASE_URL}/v2/42220/rpc?apikey=***`);
    const custom = createGasSponsorshipService({
      provider: "sponsor_a",
      sponsor_a: { apiKey: SECRET, baseUrl: "http://127.0.0.1:1234/base/" },
    });
    expect(custom.redactedEndpointUrl).toBe("http://127.0.0.1:1234/base/v2/42220/rpc?apikey=***");
    expect(JSON.stringify(custom)).not.toContain(SECRET);
  });
});

describe("GasSponsorshipService on the devnet", () => {
  const devnet = useDevnet();
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  it("sends the key in the apikey query parameter of /v2/42220/rpc and reads fees from the gas-price method", async () => {
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(sponsor);
    const service = createGasSponsorshipService({
      provider: "sponsor_a",
      sponsor_a: { apiKey: devnet.sponsorApiKey, baseUrl: sponsor.url },
    });
    const fees = await service.estimateFeesPerGas();
    expect(fees.maxFeePerGas).toBeGreaterThan(0n);
    expect(fees.maxPriorityFeePerGas).toBeGreaterThan(0n);
    expect(fees.maxFeePerGas).toBeGreaterThanOrEqual(fees.maxPriorityFeePerGas);
    expect(sponsor.methods).toEqual(["pimlico_getUserOperationGasPrice"]);
  });
});
