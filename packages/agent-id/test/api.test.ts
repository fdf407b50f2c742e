import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { InvalidAddressError, InvalidArgumentError } from "@preflow/core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AgentIdError,
  AgentIdHttpError,
  AgentIdInvalidResponseError,
  AgentIdRegistrationExpiredError,
  AgentIdRegistrationFailedError,
  AgentIdTimeoutError,
  type AgentRegistrationStageEvent,
  createAgentRequestVerifier,
} from "../src/index.js";
import { type AgentClient, createAgentClient } from "./support/client.js";

/**
 * A LOCAL STAND-IN for the agent-identity REST API (not the real service): it follows the documented
 * endpoints — GET /api/agent/info|agents|verify/{chainId}/..., POST /api/agent/register, GET
 * /api/agent/register/status with `Authorization: Bearer <token>`, the token rotating on every response,
 * 410 for an expired session — with shapes as preflow documents them. Each registration's scenario is
 * chosen by its `agentName`.
 */
interface StandIn {
  url: string;
  /** Every status poll: the bearer token it carried. */
  polls: string[];
  /** Every token the stand-in issued, in order. */
  issued: string[];
  registrations: { body: Record<string, unknown>; signedBy: string | null }[];
  close(): Promise<void>;
}

type Step = { status: number; body?: Record<string, unknown>; retryAfter?: string };
const SCENARIOS: Record<string, Step[]> = {
  happy: [
    { status: 200, body: { stage: "qr-ready" } },
    { status: 200, body: { stage: "qr-ready" } },
    { status: 200, body: { stage: "proof-received" } },
    { status: 200, body: { stage: "pending" } },
    { status: 200, body: { stage: "completed", agentId: 42, txHash: `0x${"ab".repeat(32)}` } },
  ],
  expire: [
    { status: 200, body: { stage: "qr-ready" } },
    { status: 410, body: { error: "Session expired" } },
  ],
  "stage-expired": [{ status: 200, body: { stage: "expired" } }],
  fail: [
    { status: 200, body: { stage: "proof-received" } },
    { status: 200, body: { stage: "failed", error: "proof rejected: ofac" } },
  ],
  flaky: [
    { status: 503, body: { error: "busy" } },
    { status: 200, body: { stage: "qr-ready" } },
    { status: 429, retryAfter: "0" },
    { status: 200, body: { stage: "completed", agentId: "7" } },
  ],
  slow: [{ status: 200, body: { stage: "qr-ready" } }],
  "no-token": [{ status: 200, body: { stage: "pending", sessionToken: undefined } }],
  "unknown-stage": [{ status: 200, body: { stage: "dancing" } }],
  "echo-token": [{ status: 400, body: { error: "TOKEN" } }],
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

const AGENT_7 = privateKeyToAccount(generatePrivateKey()).address;
const HUMAN = privateKeyToAccount(generatePrivateKey()).address;

async function startStandIn(): Promise<StandIn> {
  const verifier = createAgentRequestVerifier();
  const sessions = new Map<string, { scenario: string; step: number }>();
  const state: Omit<StandIn, "url" | "close"> = { polls: [], issued: [], registrations: [] };
  let counter = 0;
  const issue = (session: { scenario: string; step: number }) => {
    const token = `tok_${++counter}_${Math.random().toString(36).slice(2)}`;
    sessions.set(token, session);
    state.issued.push(token);
    return token;
  };
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  };

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? "/";
    const info = /^\/api\/agent\/info\/42220\/(\d+)$/.exec(path);
    const owner = /^\/api\/agent\/agents\/42220\/(0x[0-9a-fA-F]{40})$/.exec(path);
    const verify = /^\/api\/agent\/verify\/42220\/(\d+)$/.exec(path);
    let match: RegExpExecArray | null = info;
    if (match) {
      if (match[1] === "7") {
        return json(res, 200, {
          agentId: 7,
          chainId: 42220,
          agentKey: `0x${"0".repeat(24)}${AGENT_7.slice(2).toLowerCase()}`,
          agentAddress: AGENT_7.toLowerCase(),
          isVerified: true,
          proofProvider: "0x0000000000000000000000000000000000000001",
          verificationStrength: 100,
          credentials: { olderThan: 18 },
        });
      }
      if (match[1] === "666")
        return json(res, 200, { agentId: 666, agentAddress: AGENT_7, isVerified: "yes" });
      if (match[1] === "667") return json(res, 200, { agentId: 1, agentAddress: AGENT_7, isVerified: true });
      return json(res, 404, { error: "Agent not found" });
    }
    match = owner;
    if (match) {
      const agents =
        match[1] === HUMAN ? [{ agentId: 7, agentKey: "0x", agentAddress: AGENT_7, isVerified: true }] : [];
      return json(res, 200, { humanAddress: match[1], chainId: 42220, agents, totalCount: agents.length });
    }
    match = verify;
    if (match) {
      return json(res, 200, {
        agentId: Number(match[1]),
        chainId: 42220,
        isVerified: match[1] === "7",
        verificationStrength: match[1] === "7" ? 100 : 0,
        strengthLabel: match[1] === "7" ? "Passport" : "None",
      });
    }
    if (path === "/echo" || path.startsWith("/echo?")) {
      const result = await verifier.verify({ method: req.method!, url: path, body, headers: req.headers });
      return json(res, 200, { result, body, contentType: req.headers["content-type"] ?? null });
    }
    if (path === "/api/agent/register" && req.method === "POST") {
      const check = await verifier.verify({ method: "POST", url: path, body, headers: req.headers });
      const payload = JSON.parse(body) as Record<string, unknown>;
      state.registrations.push({ body: payload, signedBy: check.valid ? check.address : null });
      if (!check.valid) return json(res, 401, { error: `unsigned registration: ${check.reason}` });
      const scenario = String(payload.agentName ?? "happy");
      const token = issue({ scenario, step: 0 });
      return json(res, 200, {
        sessionToken: token,
        stage: "qr-ready",
        deepLink: `https://redirect.self.example/?scenario=${scenario}`,
        agentAddress: payload.agentAddress,
        expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        timeRemainingMs: 30 * 60_000,
        humanInstructions: ["Open the Self app", "Scan the QR code"],
        network: "mainnet",
        mode: payload.mode,
      });
    }
    if (path === "/api/agent/register/status" && req.method === "GET") {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      state.polls.push(token);
      const session = sessions.get(token);
      if (!session) return json(res, 401, { error: "Invalid or already used session token" });
      sessions.delete(token); // each token is good for one request: it rotates
      const steps = SCENARIOS[session.scenario]!;
      const step = steps[Math.min(session.step, steps.length - 1)]!;
      session.step++;
      if (step.status !== 200) {
        sessions.set(token, session); // no new token on an error: the same one stays valid
        const error = step.body?.error === "TOKEN" ? `bad token ${token}` : step.body?.error;
        return json(res, step.status, { error }, step.retryAfter ? { "retry-after": step.retryAfter } : {});
      }
      const rotated = issue(session);
      const reply: Record<string, unknown> = { sessionToken: rotated, ...step.body };
      return json(res, 200, reply);
    }
    json(res, 404, { error: "no such route" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...state,
    get polls() {
      return state.polls;
    },
    get issued() {
      return state.issued;
    },
    get registrations() {
      return state.registrations;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const KEY = generatePrivateKey();
const agent = privateKeyToAccount(KEY);
let standIn: StandIn;
let client: AgentClient;

beforeAll(async () => {
  standIn = await startStandIn();
  client = createAgentClient({
    agentIdPrivateKey: KEY,
    agentIdApiBase: standIn.url,
    analyticsEnabled: false,
  });
});
afterAll(async () => {
  await standIn.close();
});

const fast = { pollIntervalMs: 5 };

describe("lookups against the stand-in API", () => {
  it("getAgentInfo validates and normalizes the record", async () => {
    const info = await client.agentId.getAgentInfo(7n);
    expect(info).toMatchObject({ agentId: 7n, agentAddress: AGENT_7, isVerified: true });
    expect(info.agentKey).toMatch(/^0x0{24}/);
    expect(info.raw.verificationStrength).toBe(100);
    expect((await client.agentId.getAgentInfo("7")).agentId).toBe(7n);
  });

  it("getAgentInfo: 404 is an AgentIdHttpError with the status; bad bodies are AgentIdInvalidResponseError", async () => {
    const missing = await client.agentId.getAgentInfo(8).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AgentIdHttpError);
    expect(missing).toBeInstanceOf(AgentIdError);
    expect((missing as AgentIdHttpError).status).toBe(404);
    expect((missing as AgentIdHttpError).message).toMatch(
      /GET \/api\/agent\/info\/42220\/8 failed with HTTP 404: Agent not found/,
    );
    const bad = await client.agentId.getAgentInfo(666).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AgentIdInvalidResponseError);
    expect((bad as AgentIdInvalidResponseError).details).toMatchObject({ field: "isVerified", status: 200 });
    const other = await client.agentId.getAgentInfo(667).catch((e: unknown) => e);
    expect((other as AgentIdInvalidResponseError).details.field).toBe("agentId");
    await expect(client.agentId.getAgentInfo(-1)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(client.agentId.getAgentInfo(1.5)).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it("getAgentsForAddress and verifyAgent", async () => {
    const { agents, address } = await client.agentId.getAgentsForAddress(HUMAN);
    expect(address).toBe(HUMAN);
    expect(agents).toEqual([{ agentId: 7n, agentAddress: AGENT_7, isVerified: true }]);
    expect((await client.agentId.getAgentsForAddress(AGENT_7)).agents).toEqual([]);
    await expect(client.agentId.getAgentsForAddress("0x12")).rejects.toBeInstanceOf(InvalidAddressError);
    expect(await client.agentId.verifyAgent(7)).toMatchObject({
      agentId: 7n,
      isVerified: true,
      verificationStrength: 100,
    });
    expect((await client.agentId.verifyAgent(9)).isVerified).toBe(false);
  });

  it("an unreachable API is an AgentIdHttpError without status", async () => {
    const offline = createAgentClient({ agentIdApiBase: "http://127.0.0.1:1", analyticsEnabled: false });
    const error = await offline.agentId.verifyAgent(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentIdHttpError);
    expect((error as AgentIdHttpError).status).toBeUndefined();
  });
});

describe("signed fetch", () => {
  it("sends requests the receiving service verifies (string, bytes and form bodies, query strings)", async () => {
    const post = await client.agentId.fetch(`${standIn.url}/echo?x=1&y=%20`, {
      method: "post",
      body: '{"a":1}',
    });
    expect(await post.json()).toMatchObject({
      result: { valid: true, address: agent.address },
      body: '{"a":1}',
    });
    const get = await client.agentId.fetch(new URL(`${standIn.url}/echo`));
    expect(((await get.json()) as { result: unknown }).result).toEqual({
      valid: true,
      address: agent.address,
    });
    const bytes = await client.agentId.fetch(`${standIn.url}/echo`, {
      method: "PUT",
      body: new TextEncoder().encode("bytes ✓"),
    });
    expect(await bytes.json()).toMatchObject({ result: { valid: true } });
    const form = await client.agentId.fetch(`${standIn.url}/echo`, {
      method: "POST",
      body: new URLSearchParams({ q: "a b" }),
      headers: { "x-extra": "1" },
    });
    expect(await form.json()).toMatchObject({
      result: { valid: true },
      body: "q=a+b",
      contentType: "application/x-www-form-urlencoded;charset=UTF-8",
    });
  });
});

describe("registration flow against the stand-in API", () => {
  it("startRegistration sends a signed request and returns the session (deep link, QR data, expiry)", async () => {
    const session = await client.agentId.startRegistration({
      humanAddress: HUMAN,
      agentName: "happy",
      disclosures: { minimumAge: 18, ofac: true },
    });
    expect(session).toMatchObject({
      stage: "qr-ready",
      deepLink: "https://redirect.self.example/?scenario=happy",
      qrData: "https://redirect.self.example/?scenario=happy",
      agentAddress: agent.address,
      humanInstructions: ["Open the Self app", "Scan the QR code"],
    });
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const registration = standIn.registrations.at(-1)!;
    expect(registration.signedBy).toBe(agent.address);
    expect(registration.body).toEqual({
      mode: "linked",
      network: "mainnet",
      chainId: 42220,
      agentAddress: agent.address,
      humanAddress: HUMAN,
      agentName: "happy",
      disclosures: { minimumAge: 18, ofac: true },
    });
    // The token is a bearer credential: readable, but not printed with the session.
    expect(session.sessionToken).toMatch(/^tok_/);
    expect(JSON.stringify(session)).not.toContain(session.sessionToken);
    expect(inspect(session)).not.toContain(session.sessionToken);
  });

  it("goes through every stage to completed, with the token rotating on every response", async () => {
    const session = await client.agentId.startRegistration({ agentName: "happy" });
    const first = session.sessionToken;
    const pollsBefore = standIn.polls.length;
    const events: AgentRegistrationStageEvent[] = [];
    const result = await client.agentId.waitForRegistration(session, {
      ...fast,
      onStage: (e) => events.push(e),
    });
    expect(result).toMatchObject({
      agentId: 42n,
      agentAddress: agent.address,
      txHash: `0x${"ab".repeat(32)}`,
    });
    expect(events.map((e) => e.stage)).toEqual(["qr-ready", "proof-received", "pending", "completed"]);
    const polls = standIn.polls.slice(pollsBefore);
    expect(polls).toHaveLength(5);
    expect(polls[0]).toBe(first);
    expect(new Set(polls).size).toBe(5); // a fresh token on every poll
    for (const [i, token] of polls.entries()) {
      if (i > 0) expect(standIn.issued.indexOf(token)).toBeGreaterThan(standIn.issued.indexOf(polls[i - 1]!));
    }
    expect(session.sessionToken).not.toBe(first); // the session follows the rotation
  });

  it("HTTP 410 is AgentIdRegistrationExpiredError; so is the stage `expired`", async () => {
    const events: string[] = [];
    const session = await client.agentId.startRegistration({ agentName: "expire" });
    const error = await client.agentId
      .waitForRegistration(session, { ...fast, onStage: (e) => events.push(e.stage) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentIdRegistrationExpiredError);
    expect((error as AgentIdRegistrationExpiredError).status).toBe(410);
    expect(events).toEqual(["qr-ready", "expired"]);
    const other = await client.agentId.startRegistration({ agentName: "stage-expired" });
    const second = await client.agentId.waitForRegistration(other, fast).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(AgentIdRegistrationExpiredError);
    expect((second as AgentIdRegistrationExpiredError).status).toBe(200);
  });

  it("the stage `failed` is AgentIdRegistrationFailedError with the service's reason", async () => {
    const events: string[] = [];
    const session = await client.agentId.startRegistration({ agentName: "fail" });
    const error = await client.agentId
      .waitForRegistration(session, { ...fast, onStage: (e) => events.push(e.stage) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentIdRegistrationFailedError);
    expect((error as AgentIdRegistrationFailedError).details).toMatchObject({
      reason: "proof rejected: ofac",
      status: 200,
    });
    expect(events).toEqual(["proof-received", "failed"]);
  });

  it("backs off on 503 and 429 and then completes", async () => {
    const events: AgentRegistrationStageEvent[] = [];
    const session = await client.agentId.startRegistration({ agentName: "flaky" });
    const result = await client.agentId.waitForRegistration(session, {
      ...fast,
      onStage: (e) => events.push(e),
    });
    expect(result.agentId).toBe(7n);
    expect(events).toEqual([
      { stage: "backoff", attempt: 1, delayMs: 500, status: 503 },
      { stage: "qr-ready" },
      { stage: "backoff", attempt: 1, delayMs: 500, status: 429 },
      { stage: "completed" },
    ]);
  });

  it("times out with AgentIdTimeoutError (a `timeout` stage first), then resumes; aborts with the signal's reason", async () => {
    const session = await client.agentId.startRegistration({ agentName: "slow" });
    const events: string[] = [];
    const error = await client.agentId
      .waitForRegistration(session, {
        pollIntervalMs: 20,
        timeoutMs: 100,
        onStage: (e) => events.push(e.stage),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentIdTimeoutError);
    expect((error as AgentIdTimeoutError).details).toMatchObject({ timeoutMs: 100, lastStage: "qr-ready" });
    expect(events.at(-1)).toBe("timeout");
    // Resuming uses the latest rotated token (an old one would get 401 from the stand-in).
    const controller = new AbortController();
    const reason = new Error("user closed the dialog");
    setTimeout(() => controller.abort(reason), 60);
    await expect(
      client.agentId.waitForRegistration(session, { pollIntervalMs: 10, signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(standIn.polls.at(-1)).not.toBe(standIn.polls.at(-2));
  });

  it("validates status bodies and never leaks the session token", async () => {
    const noToken = await client.agentId.startRegistration({ agentName: "no-token" });
    const missing = await client.agentId.waitForRegistration(noToken, fast).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AgentIdInvalidResponseError);
    expect((missing as AgentIdInvalidResponseError).details.field).toBe("sessionToken");

    const unknown = await client.agentId.startRegistration({ agentName: "unknown-stage" });
    const stage = await client.agentId.waitForRegistration(unknown, fast).catch((e: unknown) => e);
    expect((stage as AgentIdInvalidResponseError).details.field).toBe("stage");

    const echo = await client.agentId.startRegistration({ agentName: "echo-token" });
    const token = echo.sessionToken;
    const error = await client.agentId.waitForRegistration(echo, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentIdHttpError);
    expect((error as AgentIdHttpError).status).toBe(400);
    const printed = `${String(error)} ${JSON.stringify(error)} ${inspect(error, { depth: 10 })}`;
    expect(printed).toContain("bad token [redacted]");
    expect(printed).not.toContain(token);
    expect(printed).not.toContain(KEY.slice(2));

    // A token the service does not know: 401, typed.
    const stale = { ...echo, sessionToken: "tok_unknown", expiresAt: new Date(Date.now() + 60_000) };
    const unauthorized = await client.agentId.waitForRegistration(stale, fast).catch((e: unknown) => e);
    expect((unauthorized as AgentIdHttpError).status).toBe(401);
  });

  it("validates startRegistration options before any request", async () => {
    const before = standIn.registrations.length;
    await expect(client.agentId.startRegistration({ mode: "root" as never })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await expect(client.agentId.startRegistration({ humanAddress: "0x12" })).rejects.toBeInstanceOf(
      InvalidAddressError,
    );
    await expect(
      client.agentId.startRegistration({ disclosures: { ofac: "yes" as never } }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(standIn.registrations.length).toBe(before);
    const polls = standIn.polls.length;
    await expect(client.agentId.waitForRegistration({} as never)).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await expect(
      client.agentId.waitForRegistration({ sessionToken: "t", agentAddress: "0x12" } as never),
    ).rejects.toBeInstanceOf(InvalidAddressError);
    expect(standIn.polls.length).toBe(polls);
  });
});
