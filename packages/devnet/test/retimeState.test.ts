// The seeded governance timeline holds whenever the devnet starts, however old the prebuilt state is: a bare anvil
// loads the committed state, its clock is moved 2, 40 and 400 days past the wall clock (so at least that long after
// the state's build time, also when the whole run's clock is moved by libfaketime), and retiming from
// the state's own build time keeps proposal 1 in its referendum and proposal 2 queued. Without the retiming the
// start check names the stage the proposal fell into (the failure of issue 39: the jump was measured from a block
// already mined at the wall clock, so nothing moved).
import { afterEach, describe, expect, it } from "vitest";
import { startAnvil } from "../src/anvil.js";
import { loadPrebuiltState } from "../src/prebuiltState.js";
import { stopProcess } from "../src/processes.js";
import { retimeCeloGovernance, verifyCeloGovernanceTimeline } from "../src/protocols/celoCore.js";
import { rpcCall } from "../src/rpc.js";

const DAY = 86_400n;
const wallClock = () => BigInt(Math.floor(Date.now() / 1000));
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function loadedChain(): Promise<{ rpcUrl: string; builtAt: bigint }> {
  const anvil = await startAnvil({ name: "anvil (retime test)", chainId: 42220, mining: "external" });
  stop = () => stopProcess(anvil.process);
  const { builtAt } = await loadPrebuiltState(anvil.rpcUrl);
  return { rpcUrl: anvil.rpcUrl, builtAt };
}

async function mineAt(rpcUrl: string, timestamp: bigint): Promise<void> {
  await rpcCall(rpcUrl, "evm_setNextBlockTimestamp", [`0x${timestamp.toString(16)}`]);
  await rpcCall(rpcUrl, "evm_mine");
}

describe("retiming the prebuilt state to the start time", () => {
  for (const days of [2n, 40n, 400n]) {
    it(`keeps the referendum and the queue as built when the devnet starts ${days} days after the state was built`, async () => {
      const { rpcUrl, builtAt } = await loadedChain();
      const now = wallClock() + days * DAY;
      // what startDevnet meets: blocks already mined at the wall clock before the retiming runs
      await mineAt(rpcUrl, now - 3n);
      await rpcCall(rpcUrl, "evm_setNextBlockTimestamp", [`0x${now.toString(16)}`]);
      await retimeCeloGovernance(rpcUrl, { builtAt, now });
      await expect(verifyCeloGovernanceTimeline(rpcUrl)).resolves.toBeUndefined();
    });
  }

  for (const days of [2n, 40n]) {
    it(`names what went wrong when the timeline was not moved (${days} days after the build)`, async () => {
      const { rpcUrl } = await loadedChain();
      await mineAt(rpcUrl, wallClock() + days * DAY);
      await expect(verifyCeloGovernanceTimeline(rpcUrl)).rejects.toThrow(
        days === 2n
          ? /the last dequeue is \d+ s behind the chain's clock \(dequeue frequency 86400 s\)/
          : /seeded governance proposal 1 is in stage Expiration, not Referendum; .*proposal 2 is in stage Expiration, not Queued/,
      );
    });
  }
});
