import { z } from "zod/v4";
import { InvalidInputError } from "../errors/input.js";
import { address, hash, hex, MAX, text } from "../schemas/common.js";
import { checkedLocation, checkFields, verifiedLocation, verifyFields } from "./attributionSchemas.js";
import { defineTool, READ_ONLY, type ToolRuntime } from "./context.js";

const source = {
  calldata: hex("Calldata to inspect (0x-prefixed hex). Give this or `hash`, not both.").optional(),
  hash: hash(
    "A transaction hash to fetch and inspect; for an ERC-4337 bundle, every UserOperation and inner call is checked. Give this or `calldata`.",
  ).optional(),
};

type Source = { kind: "calldata"; calldata: string } | { kind: "hash"; hash: `0x${string}` };

function pick(tool: string, args: { calldata?: string | undefined; hash?: string | undefined }): Source {
  if ((args.calldata === undefined) === (args.hash === undefined)) {
    throw new InvalidInputError({
      tool,
      path: args.calldata === undefined ? "calldata | hash" : "calldata, hash",
      value: args.calldata === undefined ? undefined : "(both given)",
      rule: "give exactly one of `calldata` (hex) or `hash` (transaction hash)",
    });
  }
  if (args.calldata !== undefined) return { kind: "calldata", calldata: args.calldata };
  return { kind: "hash", hash: (args.hash as string).toLowerCase() as `0x${string}` };
}

/**
 * Refuses a `tag` the SDK could never have written, by the attribution package's own rule (the one
 * `normalizeAttributionTags` applies to the tags it writes): such a tag can never match. @internal
 */
function checkTag(attribution: typeof import("@preflow/attribution"), tool: string, tag: string): void {
  try {
    attribution.normalizeAttributionTags([tag]);
  } catch (error) {
    if (!(error instanceof attribution.InvalidAttributionTagError)) throw error;
    // "Invalid attribution tag "x" at index 0: <the rule>." → the rule.
    const marker = " at index 0: ";
    const at = error.message.lastIndexOf(marker);
    const rule = (at < 0 ? error.message : error.message.slice(at + marker.length)).replace(/\.$/, "");
    throw new InvalidInputError({
      tool,
      path: "tag",
      value: tag,
      rule: `${rule} (the SDK's rule for attribution tags)`,
    });
  }
}

/** The attribution package's request function over the bounded client; `signal` aborts the HTTP request itself. */
const request = (runtime: ToolRuntime, signal: AbortSignal) =>
  ((args: unknown) =>
    runtime.client.request(
      args as never,
      { signal } as never,
    )) as unknown as import("@preflow/attribution").AttributionRequestFn;

const transactionFields = {
  hash: hash("The transaction."),
  from: address("Sender (the bundler, for a bundle).").nullable(),
  to: address("Called address (the EntryPoint, for a bundle).").nullable(),
  bundle: z.boolean().describe("The input is an EntryPoint v0.7 handleOps call that decoded."),
};

/** `check_attribution_tag`: custom tags in calldata or a transaction, and whether a tag is there. @internal */
export const checkAttributionTagTool = defineTool({
  name: "check_attribution_tag",
  title: "Check attribution tags",
  family: "inspect",
  action: "checkAttributionInCalldata",
  description:
    "Reads the ERC-8021 attribution suffix of calldata (no request), or of a transaction by hash (one request; bundles decoded down to each inner call): `found`, the custom `tags` (lowercase, platform code removed), `platform` (the sdk code is present) and, when `tag` is given, `matched`. An unknown hash gives TRANSACTION_NOT_FOUND.",
  input: z.strictObject({
    ...source,
    tag: text(MAX.tag, "A tag to look for, case-insensitively; the result then has `matched`.").optional(),
  }),
  output: z.union([
    z.strictObject({ source: z.literal("calldata"), ...checkFields }),
    z.strictObject({
      source: z.literal("transaction"),
      ...transactionFields,
      ...checkFields,
      locations: z.array(checkedLocation),
    }),
  ]),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const picked = pick("check_attribution_tag", args);
    const attribution = await import("@preflow/attribution");
    if (args.tag !== undefined) checkTag(attribution, "check_attribution_tag", args.tag);
    if (picked.kind === "calldata") {
      return {
        data: { source: "calldata", ...attribution.checkAttributionInCalldata(picked.calldata, args.tag) },
      };
    }
    const runtime = await context.runtime();
    const result = await attribution.checkAttributionInTransaction(
      { request: request(runtime, call.signal), hash: picked.hash, signal: call.signal },
      args.tag,
    );
    return { data: { source: "transaction", ...result } };
  },
});

/** `verify_attribution_tag`: the raw attribution layers. @internal */
export const verifyAttributionTagTool = defineTool({
  name: "verify_attribution_tag",
  title: "Verify attribution layers",
  family: "inspect",
  action: "verifyAttributionInCalldata",
  description:
    "Returns the raw attribution layers of calldata (no request), or of a transaction by hash (one request; bundles decoded down to each inner call): the ERC-8021 layer (schema id and every code as written, platform code included) and any historical legacy `SDK|TAG` layer. An unknown hash gives TRANSACTION_NOT_FOUND.",
  input: z.strictObject(source),
  output: z.union([
    z.strictObject({ source: z.literal("calldata"), ...verifyFields }),
    z.strictObject({
      source: z.literal("transaction"),
      ...transactionFields,
      locations: z.array(verifiedLocation),
    }),
  ]),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const picked = pick("verify_attribution_tag", args);
    const attribution = await import("@preflow/attribution");
    if (picked.kind === "calldata") {
      return { data: { source: "calldata", ...attribution.verifyAttributionInCalldata(picked.calldata) } };
    }
    const runtime = await context.runtime();
    const result = await attribution.verifyAttributionInTransaction({
      request: request(runtime, call.signal),
      hash: picked.hash,
      signal: call.signal,
    });
    return { data: { source: "transaction", ...result } };
  },
});
