// x402_fetch against hostile servers, over stdio with the built binary on the devnet (issues 46 and 47): loopback
// spelt as IPv4-mapped IPv6 refused although 127.0.0.1:<port> is listed; a year-long authorization refused before
// signing (the bound is x402.maxTimeoutSeconds, shown by get_policy); a paid request whose body is 600 MB answers
// the first 32,768 characters with its payment while the server's memory stays bounded; a paid request whose body
// drips or breaks, and a paywall that never answers, fail as X402_FETCH_FAILED naming the paywall, with the payment.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@preflow/devnet/vitest";
import { createX402Facilitator } from "@preflow/x402";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";
import { type HostilePaywall, HUGE_BYTES, startHostilePaywall } from "./helpers/startHostilePaywall.js";
import { type Paywall, startPaywall } from "./helpers/startPaywall.js";

const devnet = useDevnet();
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const payTo = privateKeyToAccount(generatePrivateKey()).address;
const referenceFacilitator = privateKeyToAccount(generatePrivateKey());
const hostileFacilitator = privateKeyToAccount(generatePrivateKey());
const dir = mkdtempSync(join(tmpdir(), "preflow-x402-hostile-"));
const policyFile = join(dir, "policy.json");

let paywall: Paywall;
let hostile: HostilePaywall;
let server: SpawnedServer | undefined;
const env = () => ({
  RPC_URL: devnet.rpcUrl,
  DO_NOT_TRACK: "1",
  CHAIN_PRIVATE_KEY: key,
  PREFLOW_POLICY: policyFile,
  PREFLOW_STATE_DIR: join(dir, "state"),
  // a short answer bound, so the hung and dripping paywalls are given up on quickly
  PREFLOW_TOOL_TIMEOUT_MS: "9000",
});
const hostOf = (url: string) => new URL(url).host;
const writePolicy = (x402: Record<string, unknown>) =>
  writeFileSync(policyFile, JSON.stringify({ caps: { USDC: { perCall: "0.05", perDay: "1" } }, x402 }));
/** VmRSS and VmHWM (peak) of a process, in MB. */
const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
};

beforeAll(async () => {
  await devnet.fund(signer, "USDC", "1");
  await devnet.fund(referenceFacilitator.address, "USDC", "5");
  await devnet.fund(hostileFacilitator.address, "USDC", "5");
  paywall = await startPaywall({ rpcUrl: devnet.rpcUrl, facilitatorAccount: referenceFacilitator, payTo });
  hostile = await startHostilePaywall({
    referenceUrl: paywall.url,
    facilitator: createX402Facilitator({ account: hostileFacilitator, rpcUrl: devnet.rpcUrl }),
  });
});
afterAll(async () => {
  await server?.close();
  paywall?.close();
  hostile?.close();
});

describe("x402_fetch against hostile servers", () => {
  it("refuses loopback spelt as IPv4-mapped IPv6 even when 127.0.0.1:<port> is listed; the listed spelling is paid", async () => {
    const port = new URL(paywall.url).port;
    writePolicy({ hosts: [`127.0.0.1:${port}`] });
    server = await spawnServer(env());
    const before = paywall.requests.length;
    for (const host of [`[::ffff:127.0.0.1]`, `[::ffff:7f00:1]`, `[0:0:0:0:0:ffff:7f00:1]`, `[::7f00:1]`]) {
      const error = toolError(await server.call("x402_fetch", { url: `http://${host}:${port}/quote` }));
      expect(error.code, host).toBe("FETCH_TARGET_REFUSED");
      expect(String(error.details?.rule), host).toContain("loopback");
    }
    expect(paywall.requests.length).toBe(before);
    const paid = data<{ status: number; payment: { status: string } }>(
      await server.call("x402_fetch", { url: paywall.url }),
    );
    expect(paid).toMatchObject({ status: 200, payment: { status: "settled" } });
    await server.close();
    server = undefined;
  }, 120_000);

  it("never signs an authorization valid beyond x402.maxTimeoutSeconds; get_policy shows the bound", async () => {
    writePolicy({ hosts: [hostOf(hostile.url("year"))] });
    server = await spawnServer(env());
    const policy = data<{ x402: { max_timeout_seconds: number } }>(await server.call("get_policy"));
    expect(policy.x402.max_timeout_seconds).toBe(300);
    for (const args of [{ url: hostile.url("year") }, { url: hostile.url("year"), dry_run: true }]) {
      const error = toolError(await server.call("x402_fetch", args));
      expect(error.code).toBe("X402_PAYMENT_REFUSED");
      expect(error.details).toMatchObject({ rule: "maxTimeoutSeconds", limit: "300", asked: 31_536_000 });
    }
    expect(hostile.requests.filter((r) => r.route === "year" && r.paid)).toEqual([]);
    await server.close();
    server = undefined;
  }, 120_000);

  it("a paid 600 MB body: the first 32,768 characters and the payment, memory bounded; a dripping or broken body and a hung paywall name the paywall and carry the payment", async () => {
    writePolicy({ hosts: [hostOf(hostile.url("huge")), hostOf(paywall.url)], maxTimeoutSeconds: 600 });
    server = await spawnServer(env());
    const pid = server.pid as number;
    const policy = data<{ x402: { max_timeout_seconds: number } }>(await server.call("get_policy"));
    expect(policy.x402.max_timeout_seconds).toBe(600);
    // One paid fetch first, so the modules x402_fetch loads on first use are not counted as the body's.
    expect(data(await server.call("x402_fetch", { url: paywall.url }))).toMatchObject({ status: 200 });
    const before = memory(pid);

    const huge = data<{ status: number; body: string; truncated: boolean; payment: Record<string, unknown> }>(
      await server.call("x402_fetch", { url: hostile.url("huge") }),
    );
    const after = memory(pid);
    expect(huge.status).toBe(200);
    expect(huge.truncated).toBe(true);
    expect(huge.body).toBe("a".repeat(32_768));
    expect(huge.payment).toMatchObject({ amount: "0.01", token: "USDC", status: "settled" });
    expect(huge.payment.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    // The authorization the hostile server received is valid at most the policy's bound.
    const hugePaid = hostile.requests.find((r) => r.route === "huge" && r.paid);
    expect(hugePaid?.validBefore).toBeLessThanOrEqual((hugePaid?.signedAt ?? 0) + 600);
    console.log(
      `x402_fetch of a ${HUGE_BYTES / 2 ** 20} MB body: server RSS ${before.rss} -> ${after.rss} MB, peak ${before.peak} -> ${after.peak} MB; the paywall sent ${Math.round(hostile.sent.huge / 2 ** 20)} MB before the connection closed`,
    );
    expect(hostile.sent.huge).toBeLessThan(HUGE_BYTES);
    expect(after.peak - before.peak).toBeLessThan(64);

    for (const route of ["drip", "broken"] as const) {
      const error = toolError(await server.call("x402_fetch", { url: hostile.url(route) }));
      expect(error.code, route).toBe("X402_FETCH_FAILED");
      expect(error.message, route).toContain(hostOf(hostile.url(route)));
      expect(error.message, route).not.toMatch(/RPC/);
      expect(error.details, route).toMatchObject({
        host: hostOf(hostile.url(route)),
        stage: "body",
        signed: true,
        payment: { amount: "0.01", token: "USDC", status: "settled" },
      });
      expect(JSON.stringify(error.details?.payment)).toMatch(/"transaction":"0x[0-9a-f]{64}"/);
    }
    const hung = toolError(await server.call("x402_fetch", { url: hostile.url("hang") }));
    expect(hung.code).toBe("X402_FETCH_FAILED");
    expect(hung.message).toContain(hostOf(hostile.url("hang")));
    expect(hung.message).not.toMatch(/RPC/);
    expect(hung.details).toMatchObject({ signed: false, payment: null });

    // get_policy lists every payment made, the ones whose body failed included.
    const { x402 } = data<{ x402: { payments: { url: string; status: string; transaction: string }[] } }>(
      await server.call("get_policy"),
    );
    for (const route of ["huge", "drip", "broken"] as const)
      expect(x402.payments.find((p) => p.url === hostile.url(route))).toMatchObject({ status: "settled" });
    await server.close();
    server = undefined;
  }, 180_000);
});
