// get_policy's x402 section: the policy's x402 allow-lists and the signer's recent x402 payments from the store
// (what x402_fetch signed, settled or released), so what was paid is visible across restarts.
import { z } from "zod/v4";
import type { ToolContext, ToolRuntime } from "./context.js";

/** x402.maxTimeoutSeconds when the policy says none (@preflow/x402's default; not imported: get_policy loads no x402). */
const DEFAULT_X402_MAX_TIMEOUT_SECONDS = 300;

/** How many payments get_policy shows (the newest). */
export const X402_PAYMENTS_SHOWN = 50;

/** The schema of get_policy's `x402` section. @internal */
export const x402PolicyView = z.strictObject({
  hosts: z
    .array(z.string())
    .nullable()
    .describe(
      "x402.hosts: hosts x402_fetch may pay (and fetch when they resolve to private addresses); null: any.",
    ),
  pay_to: z.array(z.string()).nullable().describe("x402.payTo: payees x402_fetch may pay; null: any."),
  max_timeout_seconds: z
    .number()
    .int()
    .describe(
      "x402.maxTimeoutSeconds (default 300): the longest an authorization x402_fetch signs stays redeemable; a server asking for longer is paid with this bound.",
    ),
  payments: z
    .array(
      z.strictObject({
        amount: z.string().describe("Human decimal amount."),
        token: z.string().describe("USDC, USDT or USAT (the asset's address when not a payable token)."),
        asset: z.string().describe("The token's address."),
        pay_to: z.string(),
        url: z.string().nullable().describe("The resource paid for (origin and path)."),
        status: z
          .enum(["signed", "settled", "released"])
          .describe(
            "signed: counts as spent until settled or found unused after expiry; released: not counted.",
          ),
        transaction: z.string().nullable().describe("The settlement transaction, once known."),
        at: z.string().describe("When it was signed (ISO 8601)."),
      }),
    )
    .nullable()
    .describe(
      `The signer's x402 payments of the last 24 hours from the store, newest first (at most ${X402_PAYMENTS_SHOWN}); null: unknown, the store cannot be read (see get_policy's \`store\`).`,
    ),
});

/**
 * get_policy's `x402` section (camelCase: the result is turned to snake_case). One store read, made through
 * `fromStore` (which answers null when the store cannot be read: the payments are then null, unknown). @internal
 */
export async function readX402PolicyView(
  context: Pick<ToolContext, "store">,
  runtime: Pick<ToolRuntime, "account" | "policy" | "core">,
  fromStore: <T>(read: () => Promise<T>) => Promise<T | null>,
): Promise<{
  hosts: string[] | null;
  payTo: string[] | null;
  maxTimeoutSeconds: number;
  payments:
    | {
        amount: string;
        token: string;
        asset: string;
        payTo: string;
        url: string | null;
        status: "signed" | "settled" | "released";
        transaction: string | null;
        at: string;
      }[]
    | null;
}> {
  const { account, policy, core } = runtime;
  const x402 = policy?.x402;
  const payer = account?.address.toLowerCase();
  const rows =
    payer === undefined
      ? []
      : await fromStore(async () =>
          (await context.store()).listX402Payments({ payer, since: Date.now() - 24 * 60 * 60 * 1000 }),
        );
  const tokens = Object.values(core.TOKENS);
  return {
    hosts: x402?.hosts ?? null,
    payTo: x402?.payTo ?? null,
    maxTimeoutSeconds: x402?.maxTimeoutSeconds ?? DEFAULT_X402_MAX_TIMEOUT_SECONDS,
    payments:
      rows
        ?.slice(-X402_PAYMENTS_SHOWN)
        .reverse()
        .map((row) => {
          const token = tokens.find((entry) => entry.address.toLowerCase() === row.asset.toLowerCase());
          return {
            amount: token ? core.formatAmount(row.amount, token.decimals) : row.amount.toString(),
            token: token?.symbol ?? row.asset,
            asset: token?.address ?? row.asset,
            payTo: row.payTo,
            url: row.resource ?? null,
            status: row.status,
            transaction: row.transactionHash,
            at: new Date(row.createdAt).toISOString(),
          };
        }) ?? null,
  };
}
