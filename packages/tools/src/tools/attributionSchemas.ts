// Output shapes of the attribution results (check_attribution_tag, verify_attribution_tag, get_transaction).
import { z } from "zod/v4";
import { address, uint } from "../schemas/common.js";

const locationShapes = {
  transaction: {
    kind: z.literal("transaction"),
    from: address("Sender.").nullable(),
    to: address("Called address.").nullable(),
  },
  userOperation: {
    kind: z.literal("userOperation"),
    user_operation_index: z.number().int(),
    sender: address("The smart account."),
  },
  innerCall: {
    kind: z.literal("innerCall"),
    user_operation_index: z.number().int(),
    call_index: z.number().int(),
    sender: address("The smart account."),
    target: address("The contract called."),
    value: uint("CELO sent, in wei."),
  },
};

const checkFields = {
  found: z.boolean().describe("An ERC-8021 code list is there."),
  tags: z.array(z.string()).describe("The custom codes (lowercase, platform code removed)."),
  platform: z.boolean().describe("The sdk platform code is present."),
  matched: z.boolean().optional().describe("Only when `tag` was given: it is there."),
};

export const erc8021Layer = z.strictObject({
  schema_id: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  codes: z.array(z.string()),
  code_registry: z.strictObject({ address: address("The registry."), chain_id: z.number().int() }).optional(),
  schema2: z.record(z.string(), z.unknown()).optional(),
});
const verifyFields = {
  erc8021: erc8021Layer.nullable(),
  legacy: z.array(z.string()).nullable().describe("A legacy `SDK|TAG` layer, split."),
};

const withFields = <Extra extends z.core.$ZodLooseShape>(extra: Extra) =>
  z.union([
    z.strictObject({ ...locationShapes.transaction, ...extra }),
    z.strictObject({ ...locationShapes.userOperation, ...extra }),
    z.strictObject({ ...locationShapes.innerCall, ...extra }),
  ]);

/** One place of a transaction and what `check_attribution_tag` found there. @internal */
export const checkedLocation = withFields(checkFields);
/** One place of a transaction and its raw layers. @internal */
export const verifiedLocation = withFields(verifyFields);
export { checkFields, verifyFields };
