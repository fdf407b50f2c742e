// One class for "an argument has the wrong type or shape" across the SDK, from `@preflow/errors` (the bottom of
// the package graph: attribution, core, aa, agent-id and tools throw this one).
export { InvalidArgumentError } from "@preflow/errors";
