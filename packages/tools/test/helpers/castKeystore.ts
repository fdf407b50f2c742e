// Foundry's own cast (npm @foundry-rs/cast: its platform package's binary, run offline) making keystores for tests.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Address } from "viem";

const require = createRequire(import.meta.url);

/** Foundry's own cast (npm @foundry-rs/cast: the binary of its platform package), run offline. */
export function castBinary(): string {
  const root = dirname(require.resolve("@foundry-rs/cast/package.json"));
  return join(root, "bin.mjs");
}

/** A keystore made by `cast wallet new <dir> --unsafe-password <password>`, its password file (0600), its address. */
export function castKeystore(
  password: string,
  dir: string,
): { file: string; passwordFile: string; address: Address } {
  const into = mkdtempSync(join(dir, "cast-"));
  const out = execFileSync(
    process.execPath,
    [castBinary(), "wallet", "new", into, "--unsafe-password", password],
    {
      encoding: "utf8",
    },
  );
  const address = /Address:\s+(0x[0-9a-fA-F]{40})/.exec(out)?.[1] as Address | undefined;
  if (!address) throw new Error(`cast wallet new printed no address: ${out}`);
  const [name] = readdirSync(into);
  const passwordFile = join(into, "password");
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  chmodSync(passwordFile, 0o600);
  return { file: join(into, name as string), passwordFile, address };
}
