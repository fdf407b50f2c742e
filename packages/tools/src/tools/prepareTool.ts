// The one shape of a prepare tool that calls one client member: a row (name, words, its own input fields, the member
// it runs) typed end to end, so a row's `prepare` sees its own arguments' types, and one way to turn a table of rows
// into tools (lending and staking/governance are tables of this shape).
import type { SdkClient } from "@preflow/core";
import { z } from "zod/v4";
import { feeCurrency } from "../schemas/common.js";
import { preparedFlowResult } from "../schemas/flow.js";
import { addressOrSigner, defineTool, feeOptions, type ToolDefinition } from "./context.js";

/** The MCP annotations of a prepare tool: it reads the chain and changes nothing. @internal */
export const PREPARE_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

/** What every prepare tool passes its client member: the call's signal and `fee_currency`, when given. @internal */
export interface PrepareToolOptions {
  signal: AbortSignal;
  feeCurrency?: string;
}

/**
 * One prepare tool: its name, title and description, its own input fields (besides `from` and `fee_currency`,
 * which every prepare tool takes), the client member it runs (`"staking.prepareLock"`, for the catalog) and how
 * it calls it with its own arguments. @internal
 */
export interface PrepareToolRow<shape extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: shape;
  member: string;
  prepare: (
    sdk: SdkClient,
    sender: string,
    args: z.output<z.ZodObject<shape>>,
    options: PrepareToolOptions,
  ) => Promise<unknown>;
}

/** Keeps a row's argument types while it is written (as `defineTool` does for a tool). @internal */
export function prepareToolRow<shape extends z.ZodRawShape>(
  row: PrepareToolRow<shape>,
): PrepareToolRow<shape> {
  return row;
}

/**
 * The tools of a table of rows: each takes `from` (default: the signer), its own fields and `fee_currency`, runs
 * its member with the call's signal and `fee_currency`, and answers the prepared flow. `next` ends every
 * description (what to do with the flow). @internal
 */
export function definePrepareTools(
  common: { from: z.ZodType<string | undefined>; next: string },
  // biome-ignore lint/suspicious/noExplicitAny: each row keeps its own input type; the table holds rows of any shape.
  rows: readonly PrepareToolRow<any>[],
): ToolDefinition[] {
  return rows.map((row) =>
    defineTool({
      name: row.name,
      title: row.title,
      family: "prepare",
      member: row.member,
      description: `${row.description} ${common.next}`,
      input: z.strictObject({ from: common.from, ...row.input, fee_currency: feeCurrency().optional() }),
      output: preparedFlowResult,
      annotations: PREPARE_ANNOTATIONS,
      async run(args, context, call) {
        const runtime = await context.runtime();
        const { from, fee_currency, ...own } = args as { from?: string; fee_currency?: string };
        const sender = addressOrSigner(from, runtime, "from");
        const options = { signal: call.signal, ...feeOptions(fee_currency) };
        return { data: (await row.prepare(runtime.sdk, sender, own, options)) as never };
      },
    }),
  );
}
