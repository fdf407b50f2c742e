// The mock paymaster prints a `JSON.stringify(err): …` dump for every request it fails, a UserOperation that
// reverts in simulation included. The sponsor endpoint keeps it off the console unless verbose, and the caller
// still gets the failure.
import { createSmartAccountClient } from "permissionless";
import { toSimpleSmartAccount } from "permissionless/accounts";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it, vi } from "vitest";
import { devnetChain } from "../src/index.js";
import { type SponsorEndpoint, startSponsorEndpoint } from "../src/sponsorEndpoint.js";
import { useDevnet } from "../src/vitest.js";

const DUMP = "JSON.stringify(err)";

describe("the sponsor endpoint's console", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  // Before any endpoint starts: the endpoint's filter wraps whatever console.log is when it is installed.
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const endpoints: SponsorEndpoint[] = [];
  afterAll(async () => {
    await Promise.all(endpoints.map((e) => e.stop()));
    log.mockRestore();
  });

  /** Sends, through `endpoint`, a sponsored USDm transfer from a smart account that holds no USDm. */
  async function sendRevertingUserOperation(endpoint: SponsorEndpoint): Promise<unknown> {
    const url = `${endpoint.baseUrl}/v2/42220/rpc?apikey=${endpoint.apiKey}`;
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: entryPoint07Address, version: "0.7" },
    });
    const pimlico = createPimlicoClient({
      chain,
      transport: http(url),
      entryPoint: { address: entryPoint07Address, version: "0.7" },
    });
    const client = createSmartAccountClient({
      account,
      chain,
      bundlerTransport: http(url),
      paymaster: pimlico,
      userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
    });
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [privateKeyToAccount(generatePrivateKey()).address, parseUnits("4", 18)],
    });
    return client.sendUserOperation({ calls: [{ to: devnet.tokens.USDm.address, data }] }).then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  const dumps = () =>
    log.mock.calls.filter((args) => typeof args[0] === "string" && args[0].startsWith(DUMP)).length;

  it("drops the dump of a UserOperation reverting in simulation, and the caller still gets the revert", async () => {
    const quiet = await startSponsorEndpoint({ anvilUrl: devnet.rpcUrl, altoUrl: devnet.bundlerUrl });
    endpoints.push(quiet);
    const error = await sendRevertingUserOperation(quiet);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/revert/i);
    expect(dumps()).toBe(0);
  });

  it("prints it when verbose (DEVNET_VERBOSE=1), so the trigger above is real", async () => {
    const verbose = await startSponsorEndpoint({
      anvilUrl: devnet.rpcUrl,
      altoUrl: devnet.bundlerUrl,
      verbose: true,
    });
    endpoints.push(verbose);
    const error = await sendRevertingUserOperation(verbose);
    expect(error).toBeInstanceOf(Error);
    expect(dumps()).toBeGreaterThan(0);
  });
});
