import { spendKey } from "../store/types.js";

/** The ledger key of a flow's step in one attempt (store/types.ts `spendKey`). @internal */
export function flowSpendKey(flowId: string, step: number, attempt: string): string {
  return spendKey({ kind: "flow", flowId, step }, attempt);
}
