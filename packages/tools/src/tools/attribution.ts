import {
  type AttributionRequestFn,
  checkAttributionInCalldata,
  checkAttributionInTransaction,
  verifyAttributionInCalldata,
  verifyAttributionInTransaction,
} from "@preflow/attribution";
import { InvalidArgumentError } from "@preflow/core";
import type { Hex } from "viem";
import { z } from "zod";
import { defineTool, type ToolContext } from "./context.js";

const INSPECT = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

const source = {
  calldata: z
    .string()
    .optional()
    .describe("Calldata to inspect (0x-prefixed hex). Give this or `hash`, not both."),
  hash: z
    .string()
    .optional()
    .describe(
      "A transaction hash to fetch and inspect; for an ERC-4337 bundle, every UserOperation and inner call is checked. Give this or `calldata`.",
    ),
};

type Source = { kind: "calldata"; calldata: string } | { kind: "hash"; hash: Hex };

function pick(args: { calldata?: string | undefined; hash?: string | undefined }): Source {
  if ((args.calldata === undefined) === (args.hash === undefined)) {
    throw new InvalidArgumentError({
      field: args.calldata === undefined ? "calldata | hash" : "calldata, hash",
      value: args.calldata === undefined ? undefined : "(both given)",
      rule: "give exactly one of `calldata` (hex) or `hash` (transaction hash)",
    });
  }
  if (args.calldata !== undefined) {
    if (!HEX.test(args.calldata)) {
      throw new InvalidArgumentError({
        field: "calldata",
        value: args.calldata,
        rule: "must be 0x followed by whole bytes of hex",
      });
    }
    return { kind: "calldata", calldata: args.calldata };
  }
  const hash = args.hash as string;
  if (!HASH.test(hash))
    throw new InvalidArgumentError({
      field: "hash",
      value: hash,
      rule: "must be 0x followed by 64 hex digits",
    });
  return { kind: "hash", hash: hash.toLowerCase() as Hex };
}

const request = (context: ToolContext): AttributionRequestFn =>
  context.sdk.publicClient.request as unknown as AttributionRequestFn;

/** `check_attribution_tag`: custom tags in calldata or a transaction, and whether a tag is there. @internal */
export const checkAttributionTagTool = defineTool({
  name: "check_attribution_tag",
  title: "Check attribution tags",
  description:
    "Reads the ERC-8021 attribution suffix of calldata, or of a transaction by hash (bundles decoded down to each inner call): `found`, the custom `tags` (lowercase, platform code removed), `platform` (the sdk code is present) and, when `tag` is given, `matched`.",
  inputSchema: {
    ...source,
    tag: z
      .string()
      .optional()
      .describe("A tag to look for, case-insensitively; the result then has `matched`."),
  },
  annotations: INSPECT,
  async run(args, context) {
    const picked = pick(args);
    if (picked.kind === "calldata") {
      return { data: { source: "calldata", ...checkAttributionInCalldata(picked.calldata, args.tag) } };
    }
    const result = await checkAttributionInTransaction(
      { request: request(context), hash: picked.hash },
      args.tag,
    );
    return { data: { source: "transaction", ...result } };
  },
});

/** `verify_attribution_tag`: the raw attribution layers. @internal */
export const verifyAttributionTagTool = defineTool({
  name: "verify_attribution_tag",
  title: "Verify attribution layers",
  description:
    "Returns the raw attribution layers of calldata, or of a transaction by hash (bundles decoded down to each inner call): the ERC-8021 layer (schema id and every code as written, platform code included) and any historical legacy `SDK|TAG` layer.",
  inputSchema: source,
  annotations: INSPECT,
  async run(args, context) {
    const picked = pick(args);
    if (picked.kind === "calldata") {
      return { data: { source: "calldata", ...verifyAttributionInCalldata(picked.calldata) } };
    }
    const result = await verifyAttributionInTransaction({ request: request(context), hash: picked.hash });
    return { data: { source: "transaction", ...result } };
  },
});
