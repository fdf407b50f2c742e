/**
 * One line saying why a step failed, from a viem error (its short message and node details) or any error.
 * Request dumps that viem adds to full messages are left out. @internal
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const { shortMessage, details } = error as { shortMessage?: unknown; details?: unknown };
  let text = typeof shortMessage === "string" ? shortMessage : (error.message.split("\n")[0] ?? error.name);
  if (typeof details === "string" && details !== "" && !text.includes(details)) text = `${text} (${details})`;
  text = text.replace(/\s+/g, " ").trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
