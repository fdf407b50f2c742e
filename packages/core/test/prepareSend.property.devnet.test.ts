import { checkAttributionInCalldata } from "@preflow/attribution";
import { useDevnet } from "@preflow/devnet/vitest";
import fc from "fast-check";
import { decodeFunctionData, erc20Abi, formatUnits, getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { createSdkClient, TOKENS } from "../src/index.js";
import { freshAccount } from "./support/wallet.js";

const devnet = useDevnet();

describe("prepareSend (property, against the devnet)", () => {
  it("encodes exactly the amount and recipient asked, tagged, for any valid amount within the balance", async () => {
    const client = createSdkClient({
      rpcUrl: devnet.rpcUrl,
      attributionTags: ["prop_test"],
      analyticsEnabled: false,
    });
    const alice = await freshAccount(devnet, { USDC: "1000", USDm: "1000" });
    const recipient = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((b) => getAddress(`0x${Buffer.from(b).toString("hex")}`));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(TOKENS.USDC, TOKENS.USDm),
        fc.bigInt({ min: 1n, max: 1000n * 10n ** 6n }),
        recipient,
        async (token, units, to) => {
          fc.pre(to !== "0x0000000000000000000000000000000000000000");
          const value = token.decimals === 6 ? units : units * 10n ** 12n;
          const flow = await client.transaction.prepareSend(
            alice.address,
            to,
            token.symbol,
            formatUnits(value, token.decimals),
          );
          expect(flow.steps).toHaveLength(1);
          const step = flow.steps[0]!;
          expect(step.to).toBe(token.address);
          expect(decodeFunctionData({ abi: erc20Abi, data: step.data })).toEqual({
            functionName: "transfer",
            args: [to, value],
          });
          expect(checkAttributionInCalldata(step.data)).toEqual({
            found: true,
            tags: ["prop_test"],
            platform: true,
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});
