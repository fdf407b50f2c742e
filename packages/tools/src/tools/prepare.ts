import { z } from "zod/v4";
import { address, amount, feeCurrency, jsonValue, MAX, text, token } from "../schemas/common.js";
import { preparedFlowResult } from "../schemas/flow.js";
import { abiAndArgs } from "./coerceAbiArgs.js";
import { addressOrSigner, defineTool, feeOptions } from "./context.js";

const PREPARE = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

const from = address(
  "Who will sign and send the steps (default: this server's signer). Only flows from the signer can be executed here; any flow can be dry-run.",
).optional();
const NEXT =
  "Returns a prepared flow (snake_case JSON: chain_id, from, summary, ordered steps of { kind, to, data, value, description }; with gas paid in a fee currency, every step's fee_currency and the flow's fee { currency, max, ... }); nothing is signed or sent. Pass it unchanged to simulate_flow to see what it would do (show the preview to the user), then to execute_prepared_flow. One HTTP request.";

/** `prepare_send`: a transfer of a token or CELO. @internal */
export const prepareSendTool = defineTool({
  name: "prepare_send",
  title: "Prepare a transfer",
  family: "prepare",
  member: "transaction.prepareSend",
  description: `Prepares a transfer of \`amount\` (human decimal string, e.g. "2.5") of \`token\` from \`from\` to \`to\`. Checks the balance (with the fee, when gas is paid in the token sent). \`fee_currency\` (default: the server's FEE_CURRENCY) says who pays gas. ${NEXT}`,
  input: z.strictObject({
    from,
    to: address("The recipient: a 0x-prefixed 20-byte address."),
    token: token(),
    amount: amount('Human decimal amount in token units, e.g. "2.5" (not base units, no exponent).'),
    fee_currency: feeCurrency().optional(),
  }),
  output: preparedFlowResult,
  annotations: PREPARE,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const sender = addressOrSigner(args.from, runtime, "from");
    return {
      data: await runtime.sdk.transaction.prepareSend(sender, args.to, args.token, args.amount, {
        ...feeOptions(args.fee_currency),
        signal: call.signal,
      }),
    };
  },
});

/** `prepare_approve`: an ERC-20 approval. @internal */
export const prepareApproveTool = defineTool({
  name: "prepare_approve",
  title: "Prepare an approval",
  family: "prepare",
  member: "transaction.prepareApprove",
  description: `Prepares an ERC-20 approve letting \`spender\` move up to \`amount\` of \`token\` owned by \`from\`. "0" revokes; "max" is unlimited (use only when the user asked for it; a spending policy may refuse it). ${NEXT}`,
  input: z.strictObject({
    from,
    spender: address("The contract or account to approve: a 0x-prefixed 20-byte address."),
    token: token(),
    amount: amount('Human decimal amount, "0" to revoke, or "max" for an unlimited approval.'),
    fee_currency: feeCurrency().optional(),
  }),
  output: preparedFlowResult,
  annotations: PREPARE,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const owner = addressOrSigner(args.from, runtime, "from");
    return {
      data: await runtime.sdk.transaction.prepareApprove(owner, args.spender, args.token, args.amount, {
        ...feeOptions(args.fee_currency),
        signal: call.signal,
      }),
    };
  },
});

const abiParameter: z.ZodType<unknown> = z.lazy(() =>
  z.strictObject({
    name: text(MAX.label, "Parameter name.").optional(),
    type: text(MAX.label, 'Solidity type, e.g. "uint256", "tuple", "address[]".'),
    internalType: text(MAX.label, "Compiler's internal type.").optional(),
    indexed: z.boolean().optional(),
    components: z.array(abiParameter).max(64).optional(),
  }),
);
/** One JSON ABI item, as solc writes it (prepare_contract_call, read_contract, estimate_gas). @internal */
export const abiItem = z.strictObject({
  type: z.enum(["function", "constructor", "event", "error", "fallback", "receive"]),
  name: text(MAX.functionName, "The item's name.").optional(),
  inputs: z.array(abiParameter).max(64).optional(),
  outputs: z.array(abiParameter).max(64).optional(),
  stateMutability: z.enum(["pure", "view", "nonpayable", "payable"]).optional(),
  anonymous: z.boolean().optional(),
});

/** `prepare_contract_call`: any contract call, with the approvals it needs first. @internal */
export const prepareContractCallTool = defineTool({
  name: "prepare_contract_call",
  title: "Prepare a contract call",
  family: "prepare",
  member: "transaction.prepareContractCall",
  description: `Prepares a call of \`function_name\` on contract \`to\`, encoded from \`abi\` and \`args\`, preceded by an approve step for each entry of \`approvals\` whose current allowance is too low (approve-then-action). Integer arguments may be decimal strings (base units). ${NEXT}`,
  input: z.strictObject({
    from,
    to: address("The contract to call: a 0x-prefixed 20-byte address."),
    abi: z
      .array(
        z.union([
          text(MAX.signature, 'A human-readable signature, e.g. "function deposit(uint256 amount)".'),
          abiItem,
        ]),
      )
      .min(1)
      .max(256)
      .describe(
        'The ABI: JSON ABI items (their keys as solc writes them), or human-readable signatures such as ["function deposit(uint256 amount)"]. Only the called function is needed.',
      ),
    function_name: text(MAX.functionName, 'The function to call, e.g. "deposit".'),
    args: z
      .array(jsonValue)
      .max(64)
      .optional()
      .describe(
        'The arguments in order; uint/int values as decimal strings in base units, e.g. ["1000000000000000000"].',
      ),
    value: amount(
      'CELO to send with the call, human decimal (e.g. "0.5"); only for payable functions.',
    ).optional(),
    approvals: z
      .array(
        z.strictObject({
          token: token(),
          amount: amount('Human decimal amount the call will pull, or "max".'),
          spender: address("Who spends the tokens (default: the called contract).").optional(),
        }),
      )
      .max(8)
      .optional()
      .describe(
        "Token allowances the call needs; an approve step is added first only where the allowance is too low.",
      ),
    description: text(MAX.description, "A description of the call step for the user.").optional(),
    fee_currency: feeCurrency().optional(),
  }),
  output: preparedFlowResult,
  annotations: PREPARE,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const sender = addressOrSigner(args.from, runtime, "from");
    const { abi, functionName, args: callArgs } = await abiAndArgs(runtime, args);
    const flow = await runtime.sdk.transaction.prepareContractCall(
      sender,
      {
        to: args.to,
        abi,
        functionName,
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
      } as never,
      { ...feeOptions(args.fee_currency), signal: call.signal },
    );
    return { data: flow };
  },
});
