// The approvals this server asked for and what became of them: asked → approved → used (or declined, expired,
// refused). An approval is used once: `use` is the one place that turns approved into used.
import type { ApprovalMode } from "./readApprovalSection.js";

/** One question put to a person, and its outcome. @internal */
export interface ApprovalRecord {
  approvalId: string;
  flowId: string;
  /** approvalDigest: what was shown and what may be signed. */
  digest: `0x${string}`;
  /** The code (canonical, 8 characters). */
  code: string;
  mode: ApprovalMode;
  signer: string;
  /** Unix ms. */
  askedAt: number;
  /** Unix seconds: after this the approval is void. */
  expiresAt: number;
  state: "asked" | "approved" | "used" | "declined" | "expired" | "refused";
  /** Unix ms, once used. */
  usedAt?: number;
  /** What the person was shown above the threshold ("7 USDm (above 5)"). */
  over: string[];
}

/** The approvals of this server. @internal */
export class ApprovalBook {
  private readonly records = new Map<string, ApprovalRecord>();

  add(record: ApprovalRecord): void {
    this.records.set(record.approvalId, { ...record });
  }

  get(approvalId: string): ApprovalRecord | undefined {
    const record = this.records.get(approvalId);
    return record === undefined ? undefined : { ...record };
  }

  /** An approval whose code this is, other than `except`, that was approved or used (a replayed answer). */
  byCode(code: string, except: string): ApprovalRecord | undefined {
    for (const record of this.records.values()) {
      if (record.approvalId !== except && record.code === code && ["approved", "used"].includes(record.state))
        return { ...record };
    }
    return undefined;
  }

  /** Records how a question ended (not `used`: see {@link use}). */
  settle(approvalId: string, state: "approved" | "declined" | "expired" | "refused"): void {
    const record = this.records.get(approvalId);
    if (record && record.state === "asked") record.state = state;
  }

  /**
   * Turns an approved approval of `digest` into a used one, once: `"ok"`, or why not (`"used"` already, `"missing"`,
   * `"other"`: not approved, or approved for another digest).
   */
  use(approvalId: string, digest: string): "ok" | "used" | "missing" | "other" {
    const record = this.records.get(approvalId);
    if (record === undefined) return "missing";
    if (record.state === "used") return "used";
    if (record.state !== "approved" || record.digest !== digest) return "other";
    record.state = "used";
    record.usedAt = Date.now();
    return "ok";
  }
}
