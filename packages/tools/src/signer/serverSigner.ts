// The tool server's signer, from whichever source its configuration names. The address is known before the key:
// reads, the policy and the store use it while a keystore is still locked or its password was wrong, and a signing
// tool first calls unlock(), which answers with the typed refusal (KEYSTORE_PASSWORD_INVALID, KEYSTORE_LOCKED) before
// anything is prepared for signing.
import type { Account, LocalAccount } from "viem";
import type { ApprovalCall as ToolCall } from "../approval/approvalContext.js";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { KeystoreLockedError, type KeystorePasswordInvalidError } from "../errors/signer.js";
import { askKeystorePassword } from "./askKeystorePassword.js";
import type { ParsedKeystore } from "./parseKeystore.js";

/** The signer's source, as createToolServer checked it (no I/O beyond reading small files). @internal */
export type SignerSource =
  | { kind: "private-key"; privateKey: `0x${string}` }
  | {
      kind: "keystore";
      file: string;
      parsed: ParsedKeystore;
      password: string | undefined;
      address: `0x${string}` | undefined;
    }
  | { kind: "module"; file: string };

/** The server's signer. @internal */
export interface ServerSigner {
  readonly kind: SignerSource["kind"];
  /** The account the runtime holds (a keystore's signs once unlocked), or `undefined` when its address is unknown. */
  load(): Promise<Account | undefined>;
  /** Before a signing tool runs: unlocks the keystore (asking a person when there is no password file) or throws. */
  unlock(call: ToolCall, tool: string, boundMs: number): Promise<void>;
}

/** The server's signer from its source. @internal */
export function createServerSigner(source: SignerSource): ServerSigner {
  if (source.kind === "private-key") {
    let account: Promise<Account> | undefined;
    return {
      kind: source.kind,
      load: () => {
        account ??= import("viem/accounts").then((accounts) =>
          accounts.privateKeyToAccount(source.privateKey),
        );
        return account;
      },
      unlock: async () => undefined,
    };
  }
  if (source.kind === "module") {
    let account: Promise<LocalAccount> | undefined;
    return {
      kind: source.kind,
      // A module that fails is a configuration error: the server reports it at start and stops.
      load: () => {
        account ??= import("./importSignerModule.js").then((loaded) =>
          loaded.importSignerModule(source.file),
        );
        return account;
      },
      unlock: async () => undefined,
    };
  }
  return keystoreSigner(source);
}

/** A keystore's signer: unlocked from its password file, or by a person on the approval page. */
function keystoreSigner(source: Extract<SignerSource, { kind: "keystore" }>): ServerSigner {
  const { file, parsed } = source;
  let unlocked: LocalAccount | undefined;
  /** A wrong password in the password file: every signing tool answers it until the server restarts. */
  let refused: KeystorePasswordInvalidError | undefined;
  let address = source.address;
  let decrypting: Promise<void> | undefined;
  let asking: Promise<void> | undefined;

  const open = async (password: string, from: string): Promise<void> => {
    const [{ privateKeyToAccount }, { decryptKeystore }] = await Promise.all([
      import("viem/accounts"),
      import("./decryptKeystore.js"),
    ]);
    const account = privateKeyToAccount(await decryptKeystore({ parsed, password, file, source: from }));
    if (address !== undefined && account.address.toLowerCase() !== address.toLowerCase()) {
      const { InvalidKeystoreError } = await import("../errors/signer.js");
      throw new InvalidKeystoreError({
        file,
        field: parsed.address === undefined ? "CHAIN_KEYSTORE_ADDRESS" : "address",
        rule: `is not the address of the key the keystore holds (${account.address})`,
      });
    }
    address = account.address;
    unlocked = account;
  };
  const fromFile = (): Promise<void> => {
    decrypting ??= open(source.password as string, "CHAIN_KEYSTORE_PASSWORD_FILE").catch((error: unknown) => {
      if ((error as { code?: unknown })?.code === "KEYSTORE_PASSWORD_INVALID")
        refused = error as KeystorePasswordInvalidError;
      else throw error;
    });
    return decrypting;
  };
  const current = (): LocalAccount => {
    if (unlocked) return unlocked;
    throw refused ?? new KeystoreLockedError({ file, reason: "no signing tool has unlocked it yet" });
  };
  const lazy = (known: `0x${string}`): Account =>
    ({
      address: known,
      type: "local",
      source: "keystore",
      publicKey: "0x",
      signMessage: (parameters) => current().signMessage(parameters),
      signTransaction: (transaction, options) => current().signTransaction(transaction, options),
      signTypedData: (parameters) => current().signTypedData(parameters),
      // privateKeyToAccount's accounts have both.
      sign: (parameters) => (current().sign as NonNullable<LocalAccount["sign"]>)(parameters),
      signAuthorization: (parameters) =>
        (current().signAuthorization as NonNullable<LocalAccount["signAuthorization"]>)(parameters),
    }) as LocalAccount;

  return {
    kind: "keystore",
    async load() {
      // With a password file the key is decrypted now, in the background of the first load (scrypt yields to the
      // event loop); a wrong password is kept as the refusal of every signing tool, and reads go on.
      if (source.password !== undefined) await fromFile();
      if (address === undefined) return undefined;
      const { getAddress } = await import("viem");
      return lazy(getAddress(address));
    },
    async unlock(call, tool, boundMs) {
      if (source.password !== undefined) await fromFile();
      if (unlocked) return;
      if (refused) throw refused;
      // One page at a time: a second signing call waits for the first one's person.
      while (asking) {
        await asking.catch(() => undefined);
        if (unlocked) return;
      }
      asking = askPerson(call, tool, boundMs);
      try {
        await asking;
      } finally {
        asking = undefined;
      }
    },
  };

  function askPerson(call: ToolCall, tool: string, boundMs: number): Promise<void> {
    return askKeystorePassword({
      call,
      tool,
      boundMs,
      file,
      address,
      unlock: (password) => open(password, "the approval page"),
    });
  }
}

/** The start-up check of a keystore source's address: without a password file, the address must be known. @internal */
export function keystoreAddress(
  parsed: ParsedKeystore,
  given: string | undefined,
  file: string,
  hasPasswordFile: boolean,
): `0x${string}` | undefined {
  if (given !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(given)) {
    throw new InvalidToolServerConfigError({
      variable: "CHAIN_KEYSTORE_ADDRESS",
      value: given,
      rule: "must be a 0x address",
    });
  }
  const declared = parsed.address;
  if (given !== undefined && declared !== undefined && given.toLowerCase() !== declared) {
    throw new InvalidToolServerConfigError({
      variable: "CHAIN_KEYSTORE_ADDRESS",
      value: given,
      rule: `is not the address the keystore declares (${declared})`,
    });
  }
  const address = (given?.toLowerCase() ?? declared) as `0x${string}` | undefined;
  if (address === undefined && !hasPasswordFile) {
    throw new InvalidToolServerConfigError({
      variable: "CHAIN_KEYSTORE_ADDRESS",
      rule: `is needed: ${file} declares no address (Foundry's keystores do not) and without CHAIN_KEYSTORE_PASSWORD_FILE the key is unlocked only when a person types the password, after start; set it to the keystore's address (\`cast wallet address --keystore ${file}\`)`,
    });
  }
  return address;
}
