// Unknown keys are refused, not dropped: every function `@preflow/agent-id` exports and every method of
// `client.agentId` is called with one extra key (`sginal`, a misspelled `signal`) and must throw InvalidArgumentError
// naming the key (with the nearest valid one when one is close) before any HTTP request: the chain RPC and the
// agent-id API are a counting proxy that must see nothing. The tables have one entry per export / method; a new one
// without an entry fails to compile (typecheck) and fails the "lists every ..." tests.
import { createSdkClient, InvalidArgumentError, SdkError } from "@preflow/core";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentId from "../src/index.js";
import { type AgentIdActions, type AgentRegistrationSession, agentIdActions } from "../src/index.js";
import { ERROR_TYPES, expectInErrorType, operationOf } from "./support/errorTypes.js";

const SECRET = "0xsecret_value_never_echoed";
const AGENT = "0x1111111111111111111111111111111111111111";
const key = generatePrivateKey();
const account = privateKeyToAccount(key);
let proxy: FaultProxy;
let client: ReturnType<typeof makeClient>;
const makeClient = (url: string) =>
  createSdkClient({
    rpcUrl: url,
    agentIdApiBase: url,
    agentIdPrivateKey: key,
    telemetryEndpoint: url,
  }).extend(agentIdActions);
type Client = ReturnType<typeof makeClient>;

beforeAll(async () => {
  // Nothing listens upstream: a request that got through would still be counted here.
  proxy = await startFaultProxy({ upstream: "http://127.0.0.1:9/" });
  client = makeClient(proxy.url);
});
afterAll(() => proxy.close());

const session = (): AgentRegistrationSession =>
  ({
    sessionToken: "token",
    agentAddress: account.address,
    deepLink: "https://agent-id.example/r/1",
    stage: "qr-ready",
    expiresAt: new Date(Date.now() + 60_000),
  }) as unknown as AgentRegistrationSession;
const incoming = { method: "GET", url: "/v1/quote", headers: {} };

interface Row {
  call: (client: Client, extra: Record<string, unknown>) => unknown;
  field: string;
  /** The nearest valid key to `sginal` named in the error, or `null` when none is close. */
  nearest: "signal" | null;
}
type Functions<M> = { [K in keyof M as M[K] extends (...args: never) => unknown ? K : never]: M[K] };

const EXPORTS: {
  [K in keyof Functions<typeof agentId>]: Row | { noObjectParameter: string } | { decorator: true };
} = {
  getAgentInfo: {
    call: (c, x) => agentId.getAgentInfo(c, { agentId: 1n, ...x }),
    field: "parameters",
    nearest: null,
  },
  getAgentsForAddress: {
    call: (c, x) => agentId.getAgentsForAddress(c, { address: AGENT, ...x }),
    field: "parameters",
    nearest: null,
  },
  isVerifiedAgent: {
    call: (c, x) => agentId.isVerifiedAgent(c, { address: AGENT, ...x }),
    field: "parameters",
    nearest: null,
  },
  verifyAgent: {
    call: (c, x) => agentId.verifyAgent(c, { agentId: 1n, ...x }),
    field: "parameters",
    nearest: null,
  },
  startRegistration: {
    call: (c, x) => agentId.startRegistration(c, { agentName: "bot", ...x }),
    field: "options",
    nearest: "signal",
  },
  waitForRegistration: {
    call: (c, x) => agentId.waitForRegistration(c, { session: session(), ...x }),
    field: "parameters",
    nearest: "signal",
  },
  signAgentRequest: {
    call: (_c, x) => agentId.signAgentRequest(account, { method: "GET", url: "/v1", ...x }),
    field: "request",
    nearest: null,
  },
  hashAgentRequest: {
    call: (_c, x) => agentId.hashAgentRequest({ timestamp: "1", method: "GET", url: "/v1", ...x }),
    field: "parameters",
    nearest: null,
  },
  createAgentRequestVerifier: {
    call: (_c, x) => agentId.createAgentRequestVerifier({ maxAgeMs: 1_000, ...x }),
    field: "options",
    nearest: null,
  },
  verifyAgentRequest: {
    call: (_c, x) => agentId.verifyAgentRequest(incoming, { maxAgeMs: 1_000, ...x }),
    field: "options",
    nearest: null,
  },
  agentIdActions: { decorator: true },
  canonicalizeAgentUrl: { noObjectParameter: "(url)" },
  hashAgentRequestBody: { noObjectParameter: "(body bytes or text)" },
  parseAgentRequestHeaders: { noObjectParameter: "(headers: any header names, from a framework's request)" },
};

/** Every method of `client.agentId` that takes an object (options, a request to sign). */
const CLIENT_TABLE: {
  [M in keyof AgentIdActions as AgentIdActions[M] extends (...args: never) => unknown ? M : never]:
    | Row
    | { noObjectParameter: string };
} = {
  signRequest: {
    call: (c, x) => c.agentId.signRequest({ method: "GET", url: "/v1", ...x }),
    field: "request",
    nearest: null,
  },
  verifyAgentRequest: {
    call: (c, x) => c.agentId.verifyAgentRequest(incoming, { requireVerifiedAgent: false, ...x }),
    field: "options",
    nearest: null,
  },
  startRegistration: {
    call: (c, x) => c.agentId.startRegistration({ agentName: "bot", ...x }),
    field: "options",
    nearest: "signal",
  },
  waitForRegistration: {
    call: (c, x) => c.agentId.waitForRegistration(session(), { timeoutMs: 1_000, ...x }),
    field: "options",
    nearest: "signal",
  },
  fetch: { noObjectParameter: "(url, init): `init` is fetch's RequestInit, passed through to fetch" },
  isVerifiedAgent: { noObjectParameter: "(address)" },
  getAgentInfo: { noObjectParameter: "(agentId)" },
  getAgentsForAddress: { noObjectParameter: "(address)" },
  verifyAgent: { noObjectParameter: "(agentId)" },
};

const rows: [string, Row][] = [
  ...Object.entries(EXPORTS).flatMap(([name, entry]) =>
    "call" in entry ? [[name, entry] as [string, Row]] : [],
  ),
  ...Object.entries(CLIENT_TABLE).flatMap(([name, entry]) =>
    "call" in entry ? [[`client.agentId.${name}`, entry] as [string, Row]] : [],
  ),
];

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("every export and client method of @preflow/agent-id refuses an unknown key, before any request", () => {
  it.each(rows)("%s", async (_name, row) => {
    proxy.reset();
    const error = await thrown(() => row.call(client, { sginal: SECRET }));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toBeInstanceOf(SdkError);
    const { details } = error as InvalidArgumentError;
    expect(details.field).toBe(row.field);
    expect(details.value).toBe('"sginal"');
    if (row.nearest === null) expect(details.rule).not.toContain("did you mean");
    else expect(details.rule).toContain(`did you mean \`${row.nearest}\``);
    expect(`${JSON.stringify(error)}\n${(error as Error).message}`).not.toContain(SECRET);
    expect(proxy.requests).toBe(0);
    const operation = operationOf(_name);
    if (operation !== undefined) expectInErrorType(operation, error);
  });

  it("every action's rows and client members are checked against its ErrorType", () => {
    const checked = rows.map(([name]) => operationOf(name)).filter((name) => name !== undefined);
    expect(new Set(checked)).toEqual(new Set(Object.keys(ERROR_TYPES)));
  });

  it("the exports table lists every function @preflow/agent-id exports", () => {
    const isClass = (value: unknown) => /^class[\s{]/.test(Function.prototype.toString.call(value));
    const functions = Object.entries(agentId)
      .filter(([, value]) => typeof value === "function" && !isClass(value))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(EXPORTS).sort()).toEqual(functions);
  });

  it("the client table lists every method of client.agentId", () => {
    const methods = Object.entries(client.agentId)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name)
      .sort();
    expect(Object.keys(CLIENT_TABLE).sort()).toEqual(methods);
  });
});
