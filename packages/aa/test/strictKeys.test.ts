// Unknown keys are refused, not dropped: every function `@preflow/aa` exports and every method of its client is
// called with one extra key (`sginal`, a misspelled `signal`) and must throw the SDK's typed error naming the key
// (with the nearest valid one when one is close) before any HTTP request: the chain RPC and the sponsor endpoint
// are a counting proxy that must see nothing. The tables have one entry per export / method; a new one without an
// entry fails to compile (typecheck) and fails the "lists every ..." tests.
import {
  InvalidArgumentError,
  InvalidConfigError,
  SdkError,
  type SerializedPreparedFlow,
  UnknownOptionError,
} from "@preflow/core";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as aaModule from "../src/index.js";
import { type AAClient, createAAClient, createGasSponsorshipService } from "../src/index.js";
import { expectInErrorType, operationOf } from "./helpers/errorTypes.js";

const SECRET = "projkey_SECRET_never_echoed";
const owner = privateKeyToAccount(generatePrivateKey());
let proxy: FaultProxy;
let aa: AAClient;
const sponsorship = () => ({
  provider: "sponsor_a" as const,
  sponsor_a: { apiKey: SECRET, baseUrl: proxy.url },
});

beforeAll(async () => {
  // Nothing listens upstream: a request that got through would still be counted here.
  proxy = await startFaultProxy({ upstream: "http://127.0.0.1:9/" });
  aa = await createAAClient({ owner, gasSponsorship: sponsorship(), rpcUrl: proxy.url });
});
afterAll(() => proxy.close());

const flow = (): SerializedPreparedFlow => ({
  preparedFlow: true,
  chainId: 42220,
  from: aa.smartAccountAddress,
  summary: "Send 1 wei of CELO",
  steps: [
    {
      kind: "native",
      to: "0x2222222222222222222222222222222222222222",
      data: "0x",
      value: "1",
      description: "Send 1 wei of CELO",
    },
  ],
});

interface Row {
  call: (extra: Record<string, unknown>) => unknown;
  /** InvalidArgumentError's `details.field`, or the option UnknownOptionError names. */
  field: string;
  error: typeof InvalidArgumentError | typeof UnknownOptionError;
  /** The nearest valid key named in the error, or `null` when none is close. */
  nearest: string | null;
}
type Functions<M> = { [K in keyof M as M[K] extends (...args: never) => unknown ? K : never]: M[K] };

const EXPORTS: { [K in keyof Functions<typeof aaModule>]: Row | { notAnOptionsObject: string } } = {
  createAAClient: {
    call: (x) => createAAClient({ owner, gasSponsorship: sponsorship(), rpcUrl: proxy.url, ...x } as never),
    field: "sginal",
    error: UnknownOptionError,
    nearest: null,
  },
  createGasSponsorshipService: {
    call: (x) => createGasSponsorshipService({ ...sponsorship(), ...x } as never),
    field: "gasSponsorship.sginal",
    error: UnknownOptionError,
    nearest: null,
  },
  deriveSmartAccountAddress: {
    notAnOptionsObject: "(owner): a viem account object (its many keys are the account's own) or an address",
  },
};

const CLIENT_TABLE: {
  [M in keyof AAClient as AAClient[M] extends (...args: never) => unknown ? M : never]: Row;
} = {
  sendPreparedFlow: {
    call: (x) => aa.sendPreparedFlow(flow(), { mode: "batch", ...x }),
    field: "options",
    error: InvalidArgumentError,
    nearest: "signal",
  },
  simulatePreparedFlow: {
    call: (x) => aa.simulatePreparedFlow(flow(), { ...x }),
    field: "options",
    error: InvalidArgumentError,
    nearest: "signal",
  },
};

const NESTED: [string, Row][] = [
  [
    "createAAClient: gasSponsorship.sponsor_a (a misspelled baseUrl)",
    {
      call: () =>
        createAAClient({
          owner,
          gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: SECRET, baseURL: proxy.url } },
          rpcUrl: proxy.url,
        } as never),
      field: "gasSponsorship.sponsor_a.baseURL",
      error: UnknownOptionError,
      nearest: "baseUrl",
    },
  ],
  [
    "createAAClient: a misspelled option",
    {
      call: () => createAAClient({ owner, gasSponsorship: sponsorship(), rpcURL: proxy.url } as never),
      field: "rpcURL",
      error: UnknownOptionError,
      nearest: "rpcUrl",
    },
  ],
];

const rows: [string, Row][] = [
  ...Object.entries(EXPORTS).flatMap(([name, entry]) =>
    "call" in entry ? [[name, entry] as [string, Row]] : [],
  ),
  ...Object.entries(CLIENT_TABLE).map(([name, row]) => [`aa.${name}`, row] as [string, Row]),
  ...NESTED,
];

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("every export and client method of @preflow/aa refuses an unknown key, before any request", () => {
  it.each(rows)("%s", async (_name, row) => {
    proxy.reset();
    const error = await thrown(() => row.call({ sginal: SECRET }));
    expect(error).toBeInstanceOf(row.error);
    expectInErrorType(operationOf(_name.split(":")[0]!)!, error);
    expect(error).toBeInstanceOf(SdkError);
    if (row.error === InvalidArgumentError) {
      const { details } = error as InvalidArgumentError;
      expect(details.field).toBe(row.field);
      expect(details.value).toBe('"sginal"');
      if (row.nearest === null) expect(details.rule).not.toContain("did you mean");
      else expect(details.rule).toContain(`did you mean \`${row.nearest}\``);
    } else {
      expect(error).toBeInstanceOf(InvalidConfigError);
      expect((error as UnknownOptionError).code).toBe("UNKNOWN_OPTION");
      expect((error as UnknownOptionError).details.option).toBe(row.field);
      if (row.nearest === null) expect((error as Error).message).not.toContain("Did you mean");
      else expect((error as Error).message).toContain(`Did you mean \`${row.nearest}\``);
    }
    const text = `${JSON.stringify(error)}\n${(error as Error).message}`;
    expect(text).not.toContain(SECRET);
    expect(proxy.requests).toBe(0);
  });

  it("the exports table lists every function @preflow/aa exports", () => {
    const isClass = (value: unknown) => /^class[\s{]/.test(Function.prototype.toString.call(value));
    const functions = Object.entries(aaModule)
      .filter(([, value]) => typeof value === "function" && !isClass(value))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(EXPORTS).sort()).toEqual(functions);
  });

  it("the client table lists every method of the client", () => {
    const methods = Object.entries(aa)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name)
      .sort();
    expect(Object.keys(CLIENT_TABLE).sort()).toEqual(methods);
  });

  it("the options of a client method must be an object", async () => {
    proxy.reset();
    for (const run of [
      () => aa.sendPreparedFlow(flow(), "batch" as never),
      () => aa.simulatePreparedFlow(flow(), 5 as never),
    ]) {
      const error = await thrown(run);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).details.field).toBe("options");
    }
    expect(proxy.requests).toBe(0);
  });
});
