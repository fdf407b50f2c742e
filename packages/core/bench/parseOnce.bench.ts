// A flow parsed once: what passing a parsed flow on (to simulate, execute, format, a wallet or aa send) costs,
// next to parsing the same flow from its JSON, as a ratio measured in the same run. Run:
// `pnpm --filter @preflow/core bench`. Prints figures; asserts nothing about time.
import fc from "fast-check";
import { it } from "vitest";
import { parsePreparedFlow } from "../src/index.js";
import { preparedFlow } from "../test/support/preparedFlowArbitrary.js";

it("prints the cost of parsing a flow from JSON against passing a parsed one on", () => {
  const flows = fc.sample(preparedFlow, { numRuns: 200, seed: 42 }).map((flow) => JSON.stringify(flow));
  const rounds = 20;
  const time = (work: () => void) => {
    const started = performance.now();
    for (let round = 0; round < rounds; round++) work();
    return (performance.now() - started) / (rounds * flows.length);
  };
  const inputs = flows.map((json) => JSON.parse(json) as unknown);
  const parsed = inputs.map((input) => parsePreparedFlow(input));
  // fresh objects each round: every one is decoded (each step's calldata against every protocol's ABI)
  const fresh = time(() => {
    for (const json of flows) parsePreparedFlow(JSON.parse(json));
  });
  const json = time(() => {
    for (const text of flows) JSON.parse(text);
  });
  const again = time(() => {
    for (const flow of parsed) parsePreparedFlow(flow);
  });
  const decode = fresh - json;
  console.log(
    [
      "",
      `parsePreparedFlow, ${flows.length} flows x ${rounds} rounds (per flow):`,
      `  from JSON (JSON.parse + decode): ${(fresh * 1000).toFixed(1)} µs (decode alone ${(decode * 1000).toFixed(1)} µs)`,
      `  a parsed flow passed on:         ${(again * 1000).toFixed(2)} µs = ${(again / decode).toFixed(4)}x the decode`,
      "",
    ].join("\n"),
  );
});
