// A locked keystore's password, asked of a person: the MCP client opens the approval page (URL-mode elicitation)
// and the password goes from the person's browser to this server, never through the client. One page per call;
// the keystore is unlocked with the typed password before the page closes.
import type { ApprovalCall as ToolCall } from "../approval/approvalContext.js";
import { approvalWaitMs } from "../approval/approvalWaitMs.js";
import { KeystoreLockedError } from "../errors/signer.js";

/** How long a person has to type the keystore's password (never past the tool's answer bound). */
const PASSWORD_WAIT_SECONDS = 180;

/** What {@link askKeystorePassword} needs. @internal */
export interface AskKeystorePasswordParameters {
  call: ToolCall;
  /** The signing tool that needs the key. */
  tool: string;
  /** The tool's answer bound, in milliseconds. */
  boundMs: number;
  /** The keystore's file. */
  file: string;
  /** The keystore's address, when known. */
  address: string | undefined;
  /** Unlocks the keystore with the password the person typed (it throws on a wrong one). */
  unlock: (password: string) => Promise<void>;
}

/**
 * Asks a person for the keystore's password on the approval page and unlocks it; throws KEYSTORE_LOCKED when the
 * client cannot open a page, the person declines or cancels, nobody types within the wait, or the call is cancelled.
 * @internal
 */
export async function askKeystorePassword(parameters: AskKeystorePasswordParameters): Promise<void> {
  const { call, tool, boundMs, file, address } = parameters;
  const human = call.human;
  if (human === undefined || !human.modes().includes("url")) {
    throw new KeystoreLockedError({
      file,
      reason:
        "this MCP client cannot open a page for a person (no URL-mode elicitation), and there is no CHAIN_KEYSTORE_PASSWORD_FILE",
    });
  }
  const waitMs = approvalWaitMs(PASSWORD_WAIT_SECONDS, call.deadline, boundMs);
  const { openPasswordPage } = await import("../approval/approvalPage.js");
  const page = await openPasswordPage({ keystore: file, address: address ?? "unknown", tool });
  const elicitationId = `keystore-${Date.now().toString(36)}`;
  try {
    const typed = page.password(waitMs, call.signal);
    // The client only opens the URL; the password goes from the person's browser to this server.
    const asked = human
      .ask(
        {
          mode: "url",
          message: `The preflow tool server needs its keystore's password to run ${tool}. Open the page to type it (it never passes through this client).`,
          url: page.url,
          elicitationId,
        },
        { timeoutMs: waitMs, signal: call.signal },
      )
      .catch(() => undefined);
    const first = await Promise.race([typed, asked.then((answer) => ({ answer }))]);
    if (first !== undefined && typeof first === "object" && "answer" in first) {
      const answer = first.answer;
      if (answer !== undefined && answer.action !== "accept") {
        throw new KeystoreLockedError({
          file,
          reason: `the person ${answer.action === "decline" ? "declined" : "cancelled"} the page`,
        });
      }
    }
    const result = await typed;
    await human.complete(elicitationId);
    if (result === "expired")
      throw new KeystoreLockedError({
        file,
        reason: `nobody typed the password within ${Math.round(waitMs / 1000)} s`,
      });
    if (result === "aborted") throw new KeystoreLockedError({ file, reason: "the tool call was cancelled" });
    if (result === "cancel") throw new KeystoreLockedError({ file, reason: "the person cancelled the page" });
    await parameters.unlock(result.password);
  } finally {
    await page.close();
  }
}
