// The extension point of the spending policy: every registered protocol's decoders (`PROTOCOLS` in
// @preflow/core; each protocol's own `protocols/<name>/decoder.ts`), tried in registry order. A new protocol's
// decoders come with its definition: nothing to add here.
import { PROTOCOLS, type StepDecoder } from "@preflow/core";

export type { DecodableStep, FlowEffect, StepDecoder } from "@preflow/core";

/** Every decoder, tried in order; the first that recognises a step wins. @internal */
export const STEP_DECODERS: readonly StepDecoder[] = PROTOCOLS.flatMap((protocol) => protocol.decoders ?? []);
