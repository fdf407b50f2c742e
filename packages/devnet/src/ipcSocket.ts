// anvil's IPC socket for the block producer's subscription: a path in a fresh temporary folder, removed once the
// producer is connected (nothing is left in /tmp even after a kill -9) or when the devnet stops.
import { mkdtempSync, rmdirSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A fresh socket path and its removal (idempotent). */
export function createIpcSocketPath(): { path: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "preflow-devnet-"));
  const ipcPath = path.join(dir, "anvil.ipc");
  const remove = () => {
    // (not rmSync({ recursive }): in Node 20 it broke later ESM resolution in this process; measured)
    for (const step of [() => unlinkSync(ipcPath), () => rmdirSync(dir)]) {
      try {
        step();
      } catch {
        // already gone
      }
    }
  };
  return { path: ipcPath, remove };
}
