// The format of `<stateDir>/executions.json`, version 1, and its decoder (the file is untrusted bytes: another
// version, a hand edit or a torn disk can be there; decoding never throws and never accepts a wrong shape):
//
//   { "version": 1,
//     "executions": { "<signer address, lowercase>": [ <execution>, ... oldest first, at most 1,000 ] } }
//
//   <execution> = { flowId, chainId: 42220, from, summary, state: "queued" | "running" | "done",
//                   outcome: "success" | "failed" | "pending" | "cancelled" | null (null unless done),
//                   interrupted?: true, startedAt, finishedAt: ISO time | null, steps: [<step>, ...] }
//   <step>      = { index (its position), description, to, hash: 0x… | null,
//                   status: "success" | "reverted" | "failed" | "pending" | "skipped" | "queued",
//                   sent?: true | false | "unknown", code?, nonce?, blockNumber?, gasUsed?,
//                   feePaid?: { feeCurrency, amount }, error? }
//
// Unknown keys are refused. A record whose `from` is not the signer it is filed under is refused.
import { isRecord } from "@preflow/errors";
import { z } from "zod/v4";
import { MAX } from "../schemas/common.js";
import { FLOW_ID_PATTERN } from "../schemas/execution.js";
import { ADDRESS_PATTERN, HASH_PATTERN, UINT_PATTERN } from "../schemas/patterns.js";
import type { ExecutionRecord, StepRecord } from "./executionRegistry.js";

/** The version this server reads and writes. @internal */
export const EXECUTIONS_FILE_VERSION = 1;
/** The file's name in the state directory. @internal */
export const EXECUTIONS_FILE_NAME = "executions.json";
/** A larger file is not read (1,000 records of 256 steps with their longest texts stay far below). @internal */
export const MAX_EXECUTIONS_FILE_BYTES = 64 * 1024 * 1024;
/** Longest kept step error, in characters (longer ones are cut when written). @internal */
export const MAX_STEP_ERROR = 2_000;
/** Most steps in one record (core's MAX_PREPARED_FLOW_STEPS). @internal */
export const MAX_RECORD_STEPS = 256;

export const persistedStep = z.strictObject({
  index: z
    .number()
    .int()
    .min(0)
    .max(MAX_RECORD_STEPS - 1),
  description: z.string().max(MAX.description),
  to: z.string().regex(ADDRESS_PATTERN),
  hash: z.string().regex(HASH_PATTERN).nullable(),
  status: z.enum(["success", "reverted", "failed", "pending", "skipped", "queued"]),
  sent: z.union([z.boolean(), z.literal("unknown")]).optional(),
  code: z
    .string()
    .max(64)
    .regex(/^[A-Z_]+$/)
    .optional(),
  nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  blockNumber: z.string().max(80).regex(UINT_PATTERN).optional(),
  gasUsed: z.string().max(80).regex(UINT_PATTERN).optional(),
  feePaid: z
    .strictObject({
      feeCurrency: z.string().regex(ADDRESS_PATTERN),
      amount: z.string().max(80).regex(UINT_PATTERN),
    })
    .optional(),
  error: z.string().max(MAX_STEP_ERROR).optional(),
});

const isoTime = z.iso.datetime();

export const persistedExecution = z
  .strictObject({
    flowId: z.string().regex(FLOW_ID_PATTERN),
    chainId: z.literal(42220),
    from: z.string().regex(ADDRESS_PATTERN),
    summary: z.string().max(MAX.summary),
    state: z.enum(["queued", "running", "done"]),
    outcome: z.enum(["success", "failed", "pending", "cancelled"]).nullable(),
    interrupted: z.literal(true).optional(),
    startedAt: isoTime,
    finishedAt: isoTime.nullable(),
    steps: z.array(persistedStep).min(1).max(MAX_RECORD_STEPS),
  })
  .check((context) => {
    const value = context.value;
    if ((value.state === "done") !== (value.outcome !== null)) {
      context.issues.push({
        code: "custom",
        input: value.outcome,
        path: ["outcome"],
        message: "must be set exactly when state is done",
      });
    }
    if (!Array.isArray(value.steps)) return;
    value.steps.forEach((step, position) => {
      if (step?.index !== position) {
        context.issues.push({
          code: "custom",
          input: step?.index,
          path: ["steps", position, "index"],
          message: "must be the step's position",
        });
      }
    });
  });

/** One record as written in the file. @internal */
export type PersistedExecution = z.output<typeof persistedExecution>;

/** The file's top level: every signer's list, still undecoded (only the server's own signer is read). @internal */
export type ExecutionsFileDecoding =
  | { ok: true; executions: Map<string, unknown> }
  | { ok: false; reason: string };

/**
 * Decodes the file's top level (`{ version: 1, executions: { <signer>: [...] } }`). Never throws: anything
 * else is `{ ok: false, reason }`, a reason that names the rule and never repeats the file's content. @internal
 */
export function decodeExecutionsFile(text: unknown): ExecutionsFileDecoding {
  if (typeof text !== "string") return { ok: false, reason: "it is not text" };
  if (text.length > MAX_EXECUTIONS_FILE_BYTES) {
    return { ok: false, reason: `it is larger than ${MAX_EXECUTIONS_FILE_BYTES} bytes` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "it is not JSON" };
  }
  if (!isRecord(json)) return { ok: false, reason: "it is not a JSON object" };
  for (const key of Object.keys(json)) {
    // The key's name is not repeated: a hand-edited file could hold anything.
    if (key !== "version" && key !== "executions") return { ok: false, reason: "it has an unknown key" };
  }
  if (json.version !== EXECUTIONS_FILE_VERSION) {
    const version =
      typeof json.version === "number" && Number.isSafeInteger(json.version)
        ? `version ${json.version}`
        : "no valid version";
    return { ok: false, reason: `it has ${version} (this server reads version ${EXECUTIONS_FILE_VERSION})` };
  }
  if (!isRecord(json.executions)) return { ok: false, reason: "its executions are not an object" };
  return { ok: true, executions: new Map(Object.entries(json.executions)) };
}

/** The outcome of {@link decodeSignerExecutions}: the records accepted, and what was refused. @internal */
export interface SignerExecutionsDecoding {
  records: PersistedExecution[];
  /** How many entries were refused. */
  refused: number;
  /** Why the first one was (the path and the rule, no value). */
  firstProblem: string | undefined;
}

/**
 * Decodes one record of a signer's list: every field checked, unknown keys refused, `from` must be the signer.
 * Never throws; a refusal names the path and the rule, never the value. @internal
 */
export function decodeExecution(
  entry: unknown,
  signer: string,
): { ok: true; record: PersistedExecution } | { ok: false; problem: string } {
  const parsed = persistedExecution.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join(".") ?? "";
    return { ok: false, problem: `${path === "" ? "(entry)" : path}: ${issue?.code ?? "invalid"}` };
  }
  if (parsed.data.from.toLowerCase() !== signer.toLowerCase()) {
    return { ok: false, problem: "from: not the signer it is filed under" };
  }
  return { ok: true, record: parsed.data };
}

/**
 * Decodes one signer's list, entry by entry: a wrong entry is refused (counted, the first reason kept),
 * the others are kept. A later entry of the same flow replaces an earlier one. Never throws. @internal
 */
export function decodeSignerExecutions(list: unknown, signer: string): SignerExecutionsDecoding {
  if (list === undefined) return { records: [], refused: 0, firstProblem: undefined };
  if (!Array.isArray(list)) return { records: [], refused: 1, firstProblem: "the signer's list: not a list" };
  const byFlow = new Map<string, PersistedExecution>();
  let refused = 0;
  let firstProblem: string | undefined;
  for (const [position, entry] of list.entries()) {
    const decoded = decodeExecution(entry, signer);
    if (decoded.ok) {
      byFlow.delete(decoded.record.flowId);
      byFlow.set(decoded.record.flowId, decoded.record);
    } else {
      refused++;
      firstProblem ??= `entry ${position}: ${decoded.problem}`;
    }
  }
  return { records: [...byFlow.values()], refused, firstProblem };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A record as written in the file: texts passed through `scrub` (the server's redactor) and cut to what the
 * decoder accepts. @internal
 */
export function encodeExecution(
  record: ExecutionRecord,
  scrub: (text: string) => string = (text) => text,
): PersistedExecution {
  return {
    flowId: record.flowId,
    chainId: record.chainId,
    from: record.from,
    summary: clip(scrub(record.summary), MAX.summary),
    state: record.state,
    outcome: record.state === "done" ? (record.outcome ?? "failed") : null,
    ...(record.interrupted ? { interrupted: true as const } : {}),
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    steps: record.steps.map((step) => ({
      index: step.index,
      description: clip(scrub(step.description), MAX.description),
      to: step.to,
      hash: step.hash,
      status: step.status,
      ...(step.sent === undefined ? {} : { sent: step.sent }),
      ...(step.code === undefined ? {} : { code: step.code }),
      ...(step.nonce === undefined ? {} : { nonce: step.nonce }),
      ...(step.blockNumber === undefined ? {} : { blockNumber: step.blockNumber }),
      ...(step.gasUsed === undefined ? {} : { gasUsed: step.gasUsed }),
      ...(step.feePaid === undefined
        ? {}
        : { feePaid: { feeCurrency: step.feePaid.feeCurrency, amount: step.feePaid.amount } }),
      ...(step.error === undefined ? {} : { error: clip(scrub(step.error), MAX_STEP_ERROR) }),
    })),
  };
}

/** A decoded record as a registry record (it has ended for this process: `done` is settled). @internal */
export function toExecutionRecord(persisted: PersistedExecution): ExecutionRecord {
  return {
    flowId: persisted.flowId,
    chainId: persisted.chainId,
    from: persisted.from,
    summary: persisted.summary,
    state: persisted.state,
    outcome: persisted.outcome ?? undefined,
    ...(persisted.interrupted ? { interrupted: true } : {}),
    steps: persisted.steps.map((step) => ({ ...step }) as StepRecord),
    startedAt: persisted.startedAt,
    finishedAt: persisted.finishedAt,
    done: Promise.resolve(),
  };
}
