import { spawn } from "node:child_process";
import { clockEnvironment } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { describe, expect, it } from "vitest";
import { BIN } from "./helpers/spawnServer.js";

const devnet = useDevnet();

function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN], {
      env: { PATH: process.env.PATH ?? "", ...clockEnvironment(), ...env },
      stdio: "pipe",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

describe("start-up", () => {
  const malformed = [
    ["without 0x", "ab".repeat(32)],
    ["too short", `0x${"ab".repeat(31)}`],
    ["not hex", `0x${"ab".repeat(31)}zz`],
    ["too long", `0x${"cd".repeat(33)}`],
    ["zero key", `0x${"00".repeat(32)}`],
    ["beyond the curve order", `0x${"ff".repeat(32)}`],
  ] as const;

  for (const [label, key] of malformed) {
    it(`refuses a malformed CHAIN_PRIVATE_KEY (${label}) with exit code 1 and without echoing it`, async () => {
      const { code, stdout, stderr } = await run({
        CHAIN_PRIVATE_KEY: key,
        RPC_URL: devnet.rpcUrl,
        DO_NOT_TRACK: "1",
      });
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toMatch(
        /^preflow-tools: cannot start \(INVALID_PRIVATE_KEY\): CHAIN_PRIVATE_KEY is malformed/,
      );
      expect(stderr).not.toContain(key.replace(/^0x/, "").slice(0, 40));
    });
  }

  it("refuses a bad RPC_URL and a malformed AGENT_ID_PRIVATE_KEY without echoing the key", async () => {
    const rpc = await run({ RPC_URL: "ftp://example.org", DO_NOT_TRACK: "1" });
    expect(rpc.code).toBe(1);
    expect(rpc.stderr).toMatch(/INVALID_CONFIG.*Invalid environment variable `RPC_URL`.*http or https/);
    // The variable only: never the SDK option behind it (the operator sets RPC_URL, not rpcUrl).
    expect(rpc.stderr).not.toMatch(/rpcUrl|\(from /);
    // Credentials in the URL are hidden, and the message after the URL stays whole (the redactor once took the
    // `):` after `apikey=***` for part of the key).
    const secret = "s3cretQueryKey42";
    const credentials = await run({ RPC_URL: `ftp://u:pw@host/?apikey=${secret}`, DO_NOT_TRACK: "1" });
    expect(credentials.code).toBe(1);
    expect(credentials.stderr).toContain(
      "Invalid environment variable `RPC_URL` (got ftp://***:***@host/?apikey=***): must use http or https, not ftp.\n",
    );
    expect(credentials.stderr).not.toContain(secret);
    expect(credentials.stderr).not.toContain("pw@");
    const agentKey = `0x${"12".repeat(30)}`;
    const agent = await run({ RPC_URL: devnet.rpcUrl, AGENT_ID_PRIVATE_KEY: agentKey, DO_NOT_TRACK: "1" });
    expect(agent.code).toBe(1);
    expect(agent.stderr).toMatch(
      /INVALID_CONFIG.*Invalid environment variable `AGENT_ID_PRIVATE_KEY`.*value not shown/,
    );
    expect(agent.stderr).not.toMatch(/agentIdPrivateKey|\(from /);
    expect(agent.stderr).not.toContain(agentKey.slice(2));
  });

  it("exits cleanly when its client closes stdin", async () => {
    const { code, stdout, stderr } = await run({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1" });
    expect({ code, stderr }).toMatchObject({ code: 0 });
    expect(stdout).toBe("");
    expect(stderr).toContain("signer: none");
  });

  it("refuses an unknown tool family and a bad answer bound, naming the variable", async () => {
    const families = await run({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", PREFLOW_TOOLS: "read,admin" });
    expect(families.code).toBe(1);
    expect(families.stderr).toMatch(/INVALID_CONFIG.*PREFLOW_TOOLS/);
    const bound = await run({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", PREFLOW_TOOL_TIMEOUT_MS: "1m" });
    expect(bound.code).toBe(1);
    expect(bound.stderr).toMatch(/INVALID_CONFIG.*PREFLOW_TOOL_TIMEOUT_MS/);
  });
});
