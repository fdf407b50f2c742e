import { z } from "zod";
import { coerceAbiArgs, parseJsonAbi } from "./coerceAbiArgs.js";
import { addressOrSigner, defineTool } from "./context.js";

const PREPARE = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

const from = z
  .string()
  .optional()
  .describe(
    "Who will sign and send the steps (default: this server's signer). Only flows from the signer can be executed here.",
  );
const token = z
  .string()
  .describe(
    'A token of the registry: symbol ("USDm", "CELO", "USDC"...), former ticker ("cUSD") or its address.',
  );
const NEXT =
  "Returns a prepared flow (JSON: chainId, from, summary, ordered steps of { kind, to, data, value, description }); nothing is signed or sent. Pass it unchanged to execute_prepared_flow (dry_run: true to simulate first).";

/** `prepare_send`: a transfer of a token or CELO. @internal */
export const prepareSendTool = defineTool({
  name: "prepare_send",
  title: "Prepare a transfer",
  description: `Prepares a transfer of \`amount\` (human decimal string, e.g. "2.5") of \`token\` from \`from\` to \`to\`. Checks the balance. ${NEXT}`,
  inputSchema: {
    from,
    to: z.string().describe("The recipient: a 0x-prefixed 20-byte address."),
    token,
    amount: z
      .string()
      .describe('Human decimal amount in token units, e.g. "2.5" (not base units, no exponent).'),
  },
  annotations: PREPARE,
  async run(args, context) {
    const sender = addressOrSigner(args.from, context, "from");
    return { data: await context.sdk.transaction.prepareSend(sender, args.to, args.token, args.amount) };
  },
});

/** `prepare_approve`: an ERC-20 approval. @internal */
export const prepareApproveTool = defineTool({
  name: "prepare_approve",
  title: "Prepare an approval",
  description: `Prepares an ERC-20 approve letting \`spender\` move up to \`amount\` of \`token\` owned by \`from\`. "0" revokes; "max" is unlimited (use only when the user asked for it). ${NEXT}`,
  inputSchema: {
    from,
    spender: z.string().describe("The contract or account to approve: a 0x-prefixed 20-byte address."),
    token,
    amount: z.string().describe('Human decimal amount, "0" to revoke, or "max" for an unlimited approval.'),
  },
  annotations: PREPARE,
  async run(args, context) {
    const owner = addressOrSigner(args.from, context, "from");
    return {
      data: await context.sdk.transaction.prepareApprove(owner, args.spender, args.token, args.amount),
    };
  },
});

/** `prepare_contract_call`: any contract call, with the approvals it needs first. @internal */
export const prepareContractCallTool = defineTool({
  name: "prepare_contract_call",
  title: "Prepare a contract call",
  description: `Prepares a call of \`function_name\` on contract \`to\`, encoded from \`abi\` and \`args\`, preceded by an approve step for each entry of \`approvals\` whose current allowance is too low (approve-then-action). Integer arguments may be decimal strings (base units). ${NEXT}`,
  inputSchema: {
    from,
    to: z.string().describe("The contract to call: a 0x-prefixed 20-byte address."),
    abi: z
      .array(z.union([z.string(), z.record(z.string(), z.unknown())]))
      .describe(
        'The ABI: JSON ABI items, or human-readable signatures such as ["function deposit(uint256 amount)"]. Only the called function is needed.',
      ),
    function_name: z.string().describe('The function to call, e.g. "deposit".'),
    args: z
      .array(z.unknown())
      .optional()
      .describe(
        'The arguments in order; uint/int values as decimal strings in base units, e.g. ["1000000000000000000"].',
      ),
    value: z
      .string()
      .optional()
      .describe('CELO to send with the call, human decimal (e.g. "0.5"); only for payable functions.'),
    approvals: z
      .array(
        z.object({
          token,
          amount: z.string().describe('Human decimal amount the call will pull, or "max".'),
          spender: z.string().optional().describe("Who spends the tokens (default: the called contract)."),
        }),
      )
      .optional()
      .describe(
        "Token allowances the call needs; an approve step is added first only where the allowance is too low.",
      ),
    description: z.string().optional().describe("A description of the call step for the user."),
  },
  annotations: PREPARE,
  async run(args, context) {
    const sender = addressOrSigner(args.from, context, "from");
    const abi = parseJsonAbi(args.abi);
    const callArgs = args.args === undefined ? undefined : coerceAbiArgs(abi, args.function_name, args.args);
    const flow = await context.sdk.transaction.prepareContractCall(sender, {
      to: args.to,
      abi,
      functionName: args.function_name,
      ...(callArgs === undefined ? {} : { args: callArgs }),
      ...(args.value === undefined ? {} : { value: args.value }),
      ...(args.approvals === undefined
        ? {}
        : {
            approvals: args.approvals.map((approval) => ({
              token: approval.token,
              amount: approval.amount,
              ...(approval.spender === undefined ? {} : { spender: approval.spender }),
            })),
          }),
      ...(args.description === undefined ? {} : { description: args.description }),
    } as never);
    return { data: flow };
  },
});
