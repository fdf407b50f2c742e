import { readFileSync, statSync } from "node:fs";
import { InvalidToolServerConfigError } from "../errors/config.js";

/**
 * A keystore's password from a file only its owner can read or write (mode 0600 or stricter; refused when group or
 * others have any access, as ssh refuses a readable private key). One trailing newline (`\n` or `\r\n`) is not part
 * of the password. The password is returned, never kept or logged. @internal
 */
export function readPasswordFile(file: string, variable = "CHAIN_KEYSTORE_PASSWORD_FILE"): string {
  let mode: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) throw new Error("not a file");
    mode = stats.mode;
  } catch {
    throw new InvalidToolServerConfigError({ variable, value: file, rule: "must name a readable file" });
  }
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new InvalidToolServerConfigError({
      variable,
      value: file,
      rule: `can be read or written by its group or others (mode ${(mode & 0o777).toString(8).padStart(3, "0")}); make it the owner's only: chmod 600 ${file}`,
    });
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new InvalidToolServerConfigError({ variable, value: file, rule: "must name a readable file" });
  }
  return text.replace(/\r?\n$/, "");
}
