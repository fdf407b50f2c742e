// The spending policy's decoder types live in @preflow/core with the protocol definitions that carry decoders.
export type { DecodableStep, FlowEffect, StepDecoder } from "@preflow/core";
export { wordAsAddress, wordAsUint } from "@preflow/core";
