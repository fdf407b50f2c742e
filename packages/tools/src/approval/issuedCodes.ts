// The codes this process showed recently, by code: only to name a refusal. An answer carrying the code of another
// question (an earlier, approved or used one) is a replay, APPROVAL_REUSED rather than a typo; the store (by the
// approval's id) says whether that approval was approved or used. Never a reason to sign: the digest and the store's
// single use are.

const LIMIT = 1_000;
const issued = new Map<string, { approvalId: string; flowId: string }>();

/** Remembers the code of a question just asked (the oldest beyond 1,000 are forgotten). @internal */
export function rememberCode(code: string, approval: { approvalId: string; flowId: string }): void {
  issued.delete(code);
  issued.set(code, approval);
  if (issued.size > LIMIT) issued.delete(issued.keys().next().value as string);
}

/** The question a code was shown for, if this process asked it recently. @internal */
export function issuedFor(code: string): { approvalId: string; flowId: string } | undefined {
  return issued.get(code);
}
