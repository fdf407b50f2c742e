import { inspect } from "node:util";
import { InvalidConfigError, SdkError } from "@preflow/core";
import { closedPortUrl, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import {
  createAAClient,
  createGasSponsorshipService,
  DEFAULT_SPONSOR_A_BASE_URL,
  GasSponsorshipService,
  ServiceResponseError,
  ServiceUnreachableError,
  SponsorshipUnauthorizedError,
} from "../src/index.js";
import { approveAndDeposit, fund } from "./helpers/fixtures.js";

const SECRET = "svckey_SECRET_27182818284";

/** Every printable form of a value a user could log. */
function printed(value: unknown): string {
  const forms = [
    String(value),
    `${value}`,
    JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v)),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true, customInspect: false }),
  ];
  if (value instanceof Error)
    forms.push(value.stack ?? "", JSON.stringify((value as SdkError).details ?? {}));
  return forms.join("\n");
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("GasSponsorshipService (a runtime export)", () => {
  it("new GasSponsorshipService({ provider: 'sponsor_a', sponsor_a: { apiKey } }) gives the redacted endpoint and a transport", () => {
    const service = new GasSponsorshipService({ provider: "sponsor_a", sponsor_a: { apiKey: SECRET } });
    expect(service).toBeInstanceOf(GasSponsorshipService);
    expect(service.provider).toBe("sponsor_a");
    expect(service.redactedEndpointUrl).toBe(`${DEFAULT_SPONSOR_A_BASE_URL}/v2/42220/rpc?apikey=***`);
    expect(typeof service.transport).toBe("function");
    expect(String(service)).toBe(
      `GasSponsorshipService(sponsor_a, ${DEFAULT_SPONSOR_A_BASE_URL}/v2/42220/rpc?apikey=***)`,
    );
    expect(JSON.parse(JSON.stringify(service))).toEqual({
      provider: "sponsor_a",
      redactedEndpointUrl: `${DEFAULT_SPONSOR_A_BASE_URL}/v2/42220/rpc?apikey=***`,
    });
    expect(
      createGasSponsorshipService({ provider: "sponsor_a", sponsor_a: { apiKey: SECRET } }),
    ).toBeInstanceOf(GasSponsorshipService);
    expect(Object.isFrozen(service)).toBe(true);
  });

  it("never shows the key: String, template, JSON.stringify, util.inspect (even showHidden, customInspect off)", () => {
    const service = new GasSponsorshipService({
      provider: "sponsor_a",
      sponsor_a: { apiKey: SECRET, baseUrl: "http://127.0.0.1:1/base" },
    });
    const text = printed(service);
    expect(text).not.toContain(SECRET);
    expect(text).toContain("apikey=***");
    expect(printed({ nested: { service } })).not.toContain(SECRET);
  });

  it("validates before any I/O, with typed errors that never echo the key", () => {
    const cases: [unknown, string][] = [
      [{ provider: "sponsor_b", sponsor_b: { apiKey: SECRET } }, "gasSponsorship.provider"],
      [
        { provider: "sponsor_a", sponsor_a: { apiKey: SECRET, apikey: SECRET } },
        "gasSponsorship.sponsor_a.apikey",
      ],
      [{ provider: "sponsor_a", sponsor_a: { apiKey: `${SECRET} x` } }, "gasSponsorship.sponsor_a.apiKey"],
      [{ provider: "sponsor_a", sponsor_a: { apiKey: SECRET }, extra: 1 }, "gasSponsorship.extra"],
    ];
    for (const [config, option] of cases) {
      let error: unknown;
      try {
        new GasSponsorshipService(config as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidConfigError);
      expect((error as InvalidConfigError).details.option).toBe(option);
      expect(printed(error)).not.toContain(SECRET);
    }
  });

  it("an endpoint that is down: ServiceUnreachableError, without the key", async () => {
    const service = new GasSponsorshipService({
      provider: "sponsor_a",
      sponsor_a: { apiKey: SECRET, baseUrl: await closedPortUrl() },
    });
    const error = await rejection(service.estimateFeesPerGas());
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(error).toBeInstanceOf(SdkError);
    expect(printed(error)).not.toContain(SECRET);
    expect((error as SdkError).message).toContain("apikey=***");
  });
});

describe("GasSponsorshipService on the devnet", () => {
  const devnet = useDevnet();
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  it("reads fees (one pimlico_getUserOperationGasPrice), refuses a wrong key and a bad operation with typed errors, no key anywhere", async () => {
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(sponsor);
    const service = new GasSponsorshipService({
      provider: "sponsor_a",
      sponsor_a: { apiKey: devnet.sponsorApiKey, baseUrl: sponsor.url },
    });
    const fees = await service.estimateFeesPerGas();
    expect(fees.maxFeePerGas).toBeGreaterThan(0n);
    expect(fees.maxFeePerGas).toBeGreaterThanOrEqual(fees.maxPriorityFeePerGas);
    expect(sponsor.methods).toEqual(["pimlico_getUserOperationGasPrice"]);
    expect(printed(fees)).not.toContain(devnet.sponsorApiKey);

    const badOperation = await rejection(
      service.sponsorUserOperation({
        sender: "0x0000000000000000000000000000000000000001",
        nonce: 0n,
        callData: "0x",
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        signature: "0x",
      }),
    );
    expect(badOperation).toBeInstanceOf(ServiceResponseError);
    expect(printed(badOperation)).not.toContain(devnet.sponsorApiKey);

    const wrongKey = "wrong_SECRET_1618033988";
    const refused = new GasSponsorshipService({
      provider: "sponsor_a",
      sponsor_a: { apiKey: wrongKey, baseUrl: sponsor.url },
    });
    const unauthorized = await rejection(refused.estimateFeesPerGas());
    expect(unauthorized).toBeInstanceOf(SponsorshipUnauthorizedError);
    expect(unauthorized).toMatchObject({ code: "SPONSORSHIP_UNAUTHORIZED", details: { status: 401 } });
    expect(printed(unauthorized)).not.toContain(wrongKey);
  });

  it("createAAClient takes a GasSponsorshipService as gasSponsorship and sends through it", async () => {
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(sponsor);
    const service = new GasSponsorshipService({
      provider: "sponsor_a",
      sponsor_a: { apiKey: devnet.sponsorApiKey, baseUrl: sponsor.url },
    });
    const aa = await createAAClient({
      owner: privateKeyToAccount(generatePrivateKey()),
      gasSponsorship: service,
      rpcUrl: devnet.rpcUrl,
    });
    expect(aa.provider).toBe("sponsor_a");
    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    const result = await aa.sendPreparedFlow(
      await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n),
    );
    expect(result.success).toBe(true);
    expect(sponsor.methods).toContain("eth_sendUserOperation");
    expect(printed(result)).not.toContain(devnet.sponsorApiKey);
  });
});
