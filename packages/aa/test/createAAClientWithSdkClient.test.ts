import { checkAttributionInTransaction } from "@preflow/attribution";
import { createSdkClient } from "@preflow/core";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { createAAClient } from "../src/index.js";
import { approveAndDeposit, fund, publicClientOf, sponsorship, vaultDeposit } from "./helpers/fixtures.js";

describe("createAAClient({ client }) reuses the SDK client's transport and tags", () => {
  const devnet = useDevnet();
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  it("sends every chain read through the SDK client's RPC (its URL and retries) and tags with its list", async () => {
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(rpc, sponsor);
    const client = createSdkClient({ rpcUrl: rpc.url, attributionTags: ["sdk_client_tag"] });
    const aa = await createAAClient({
      client,
      owner: privateKeyToAccount(generatePrivateKey()),
      gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
    });
    expect(rpc.requests + sponsor.requests).toBe(0);
    expect(aa.attributionTags).toEqual(client.attributionTags);
    expect(aa.attributionTags).toEqual(["SDK_CLIENT_TAG"]);

    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    // Prepared without tags (devnet RPC directly), so the tags on chain come from the send.
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    // One 500 on the account-state read: the SDK client's transport retries it (the AA client's own would too,
    // but through another URL: the proxy would not see it).
    const once = rpc.inject({ method: "eth_getCode", times: 1, fault: { kind: "status", status: 500 } });
    const result = await aa.sendPreparedFlow(flow);
    expect(result.success).toBe(true);
    expect(once.hits).toBe(1);
    expect(rpc.methods.filter((method) => method === "eth_getCode")).toHaveLength(2);
    expect(rpc.methods).toContain("eth_chainId");

    const publicClient = publicClientOf(devnet);
    expect(await vaultDeposit(publicClient, aa.smartAccountAddress)).toBe(10n ** 17n);
    const found = await checkAttributionInTransaction(
      { request: publicClient.request, hash: result.transactionHashes[0]! },
      "sdk_client_tag",
    );
    const inner = found.locations.filter(
      (location) => location.kind === "innerCall" && location.sender === aa.smartAccountAddress,
    );
    expect(inner).toHaveLength(2);
    for (const location of inner)
      expect(location.tags.map((tag) => tag.toLowerCase())).toEqual(["sdk_client_tag"]);
  });

  it("attributionTags given to createAAClient win over the client's; the specification's form without client still works", async () => {
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, attributionTags: ["from_client"] });
    const owner = privateKeyToAccount(generatePrivateKey());
    const gasSponsorship = sponsorship(devnet);
    const own = await createAAClient({ client, owner, gasSponsorship, attributionTags: ["own"] });
    expect(own.attributionTags).toEqual(["OWN"]);
    const none = await createAAClient({ client, owner, gasSponsorship, attributionTags: [] });
    expect(none.attributionTags).toEqual([]);
    const untaggedClient = await createAAClient({
      client: createSdkClient({ rpcUrl: devnet.rpcUrl }),
      owner,
      gasSponsorship,
    });
    expect(untaggedClient.attributionTags).toBeUndefined();
    const specForm = await createAAClient({ owner, gasSponsorship, rpcUrl: devnet.rpcUrl });
    expect(specForm.smartAccountAddress).toBe(own.smartAccountAddress);
  });
});
