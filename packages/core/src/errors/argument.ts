// One class for "an argument has the wrong type or shape" across the SDK: the attribution package's (the bottom
// of the package graph, so its own functions throw it too, and core, aa and agent-id re-use it).
export { InvalidArgumentError } from "@preflow/attribution";
