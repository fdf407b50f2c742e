// Rows of the approvals and x402_payments tables as records, and a legacy spend as a `spends` row, for both engines
// (PostgreSQL's BIGINT arrives as text).
import type {
  ApprovalRecord,
  ApprovalStatus,
  LegacyImport,
  X402PaymentRecord,
  X402PaymentStatus,
} from "./types.js";

const int = (value: unknown): number => (typeof value === "number" ? value : Number(value));
const intOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : int(value);

/** An `approvals` row as a record. @internal */
export function approvalFromRow(row: Record<string, unknown>): ApprovalRecord {
  return {
    id: String(row.id),
    flowDigest: String(row.flow_digest),
    flowId: String(row.flow_id),
    mode: String(row.mode),
    status: String(row.status) as ApprovalStatus,
    createdAt: int(row.created_at),
    expiresAt: int(row.expires_at),
    decidedAt: intOrNull(row.decided_at),
    usedAt: intOrNull(row.used_at),
  };
}

/** An `x402_payments` row as a record. @internal */
export function paymentFromRow(row: Record<string, unknown>): X402PaymentRecord {
  return {
    nonce: String(row.nonce),
    payer: String(row.payer),
    asset: String(row.asset),
    amount: BigInt(String(row.amount)),
    payTo: String(row.pay_to),
    network: String(row.network),
    validBefore: int(row.valid_before),
    status: String(row.status) as X402PaymentStatus,
    transactionHash: row.transaction_hash === null ? null : String(row.transaction_hash),
    ...(row.resource === null || row.resource === undefined ? {} : { resource: String(row.resource) }),
    createdAt: int(row.created_at),
    updatedAt: int(row.updated_at),
  };
}

/**
 * A spend of the old `spending.json` as the values of a `spends` row, in column order (signer, spend_key, token,
 * fee, amount, at, hash, source), for both engines' import. @internal
 */
export function legacySpendValues(
  row: LegacyImport["spends"][number],
  file: string,
): (string | number | null)[] {
  return [
    row.signer.toLowerCase(),
    row.key,
    row.token.toLowerCase(),
    row.fee ? 1 : 0,
    row.amount.toString(),
    row.at,
    row.hash?.toLowerCase() ?? null,
    JSON.stringify({ kind: "legacy", file }),
  ];
}
