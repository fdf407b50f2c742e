// `preflow-tools enroll-passkey [--replace] [--timeout <seconds>]`: enrols the person's passkey once. Opens a
// one-time enrolment page on http://localhost:<port> (printed; open it in a browser on this machine), where the
// browser creates a passkey (user verification required) and posts its public side; verified, it is written to
// `<stateDir>/passkey.json` (0600). From then on every approval above the policy's threshold needs it. The private key
// stays in the authenticator; nothing secret is printed.
import { ToolsError } from "../../errors/base.js";
import { openEnrolmentPage } from "../approvalPage.js";
import { enrolOptions, verifyEnrolment } from "./passkeyCeremony.js";
import { type EnrolledPasskey, passkeyFile, readPasskey, writePasskey } from "./passkeyFile.js";

/** Parameters of {@link enrollPasskey}. @internal */
export interface EnrollPasskeyParameters {
  stateDir: string;
  /** Replace an enrolled passkey (refused otherwise). */
  replace: boolean;
  /** How long the page stays open. */
  timeoutMs: number;
  /** Where the page's URL and the outcome are written for the person. */
  print(line: string): void;
  signal?: AbortSignal;
  /** Called with the page's URL once it is open (a test opens it in Chromium). */
  opened?(url: string): void;
}

/** Enrols a passkey through a one-time loopback page; resolves with how it ended. @internal */
export async function enrollPasskey(
  parameters: EnrollPasskeyParameters,
): Promise<
  { outcome: "enrolled"; passkey: EnrolledPasskey } | { outcome: "cancel" | "expired" | "aborted" }
> {
  const { stateDir, replace, timeoutMs, print } = parameters;
  let existing: EnrolledPasskey | undefined;
  try {
    existing = readPasskey(stateDir);
  } catch (error) {
    if (!replace) throw error;
  }
  if (existing && !replace) {
    throw new ToolsError({
      code: "INVALID_CONFIG",
      message: `A passkey is already enrolled in ${passkeyFile(stateDir)} (credential ${existing.id.slice(0, 8)}…): run \`preflow-tools enroll-passkey --replace\` to replace it.`,
      details: { file: passkeyFile(stateDir) },
    });
  }
  const options = await enrolOptions();
  const page = await openEnrolmentPage({
    options,
    verify: (posted, origin) => verifyEnrolment({ posted, challenge: options.challenge, origin }),
  });
  print(
    `Open this page in a browser on this machine to enrol your passkey (open ${Math.round(timeoutMs / 1_000)} s):`,
  );
  print(`  ${page.url}`);
  parameters.opened?.(page.url);
  const answer = await page.enrolled(timeoutMs, parameters.signal ?? new AbortController().signal);
  if (typeof answer === "string") {
    print(answer === "cancel" ? "Cancelled: no passkey enrolled." : `No passkey enrolled (${answer}).`);
    return { outcome: answer };
  }
  writePasskey(stateDir, answer);
  print(`Passkey enrolled (credential ${answer.id.slice(0, 8)}…) in ${passkeyFile(stateDir)}.`);
  print("Every approval above the policy's threshold now needs it.");
  return { outcome: "enrolled", passkey: answer };
}

/** The command line of `preflow-tools enroll-passkey`; resolves with the exit code. @internal */
export async function runEnrollPasskey(
  args: readonly string[],
  stateDir: string,
  print: (line: string) => void,
): Promise<number> {
  let replace = false;
  let seconds = 300;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--replace") replace = true;
    else if (arg === "--timeout" && /^[1-9][0-9]{0,3}$/.test(args[index + 1] ?? "")) {
      seconds = Number(args[++index]);
    } else {
      print(`preflow-tools enroll-passkey: unknown argument ${JSON.stringify(arg).slice(0, 40)}`);
      print("usage: preflow-tools enroll-passkey [--replace] [--timeout <seconds, 1 to 9999>]");
      return 2;
    }
  }
  try {
    const done = await enrollPasskey({ stateDir, replace, timeoutMs: seconds * 1_000, print });
    return done.outcome === "enrolled" ? 0 : 1;
  } catch (error) {
    print(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
