// The MetaMask Delegation Framework v1.3.0 on the devnet: code at every address `@metamask/delegation-deployments`
// lists for it here, and the constructors ran at those addresses (the DelegationManager's EIP-712 domain names
// its own address, its owner is set, and the delegator and LogicalOrWrapper point at the DelegationManager).
import {
  DelegationManager,
  EIP7702StatelessDeleGator,
  LogicalOrWrapperEnforcer,
} from "@metamask/delegation-abis";
import { createPublicClient, http } from "viem";
import { describe, expect, it } from "vitest";
import { DEVNET_ROLES } from "../src/accounts.js";
import { DELEGATION_FRAMEWORK, startDevnet } from "../src/index.js";

describe("the Delegation Framework on the devnet", () => {
  it("is at its Celo addresses, constructed there", async () => {
    const devnet = await startDevnet();
    try {
      const client = createPublicClient({ transport: http(devnet.rpcUrl) });
      for (const [name, address] of Object.entries(DELEGATION_FRAMEWORK))
        expect((await client.getCode({ address }))?.length ?? 0, name).toBeGreaterThan(2);
      const domain = await client.readContract({
        address: DELEGATION_FRAMEWORK.DelegationManager,
        abi: DelegationManager,
        functionName: "eip712Domain",
      });
      expect(domain[1]).toBe("DelegationManager");
      expect(domain[3]).toBe(42220n);
      expect(domain[4]).toBe(DELEGATION_FRAMEWORK.DelegationManager);
      // the storage its constructor wrote: the owner (the devnet deployer; MetaMask's on mainnet)
      expect(
        await client.readContract({
          address: DELEGATION_FRAMEWORK.DelegationManager,
          abi: DelegationManager,
          functionName: "owner",
        }),
      ).toBe(DEVNET_ROLES.deployer.address);
      expect(
        await client.readContract({
          address: DELEGATION_FRAMEWORK.EIP7702StatelessDeleGatorImpl,
          abi: EIP7702StatelessDeleGator,
          functionName: "delegationManager",
        }),
      ).toBe(DELEGATION_FRAMEWORK.DelegationManager);
      expect(
        await client.readContract({
          address: DELEGATION_FRAMEWORK.LogicalOrWrapperEnforcer,
          abi: LogicalOrWrapperEnforcer,
          functionName: "delegationManager",
        }),
      ).toBe(DELEGATION_FRAMEWORK.DelegationManager);
      console.log(`devnet start-up with the framework: ${JSON.stringify(devnet.timings)}`);
    } finally {
      await devnet.stop();
    }
  });
});
