import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProcessAlive } from "./isProcessAlive.js";

/**
 * The folder of reservations shared by every process of this user on this machine. It is fixed, not
 * `os.tmpdir()` at call time: test set-ups give each test file its own TMPDIR, and the processes that must see
 * each other's reservations are exactly those.
 */
const RESERVATIONS =
  process.platform === "win32"
    ? join(tmpdir(), "preflow-ports")
    : `/tmp/preflow-ports-${process.getuid?.() ?? "user"}`;

/** The file that reserves `port` (it holds the reserving process's pid). */
export function reservationFile(port: number): string {
  return join(RESERVATIONS, String(port));
}

/**
 * Whether the reservation file at `file` still holds its port: its process lives. (Not its age: under libfaketime,
 * which CI's shifted run uses, a process's clock and the file system's differ by the shift, so every reservation
 * would look weeks old or not yet made.)
 */
function isHeld(file: string): boolean {
  try {
    return isProcessAlive(Number.parseInt(readFileSync(file, "utf8"), 10));
  } catch {
    return true; // removed or rewritten meanwhile: another process is at it, so leave the port to it
  }
}

/**
 * Reserves `port` for this process among every process on the machine that picks ports with the devnet's
 * `freePort`/`freePortRun` (each test worker, each `pnpm devnet`): a probe only says a port is free now, and
 * until the child listens another process's probe would say so too (two devnets starting at once once gave
 * alto a port anvil of the other took, and alto exited with EADDRINUSE). The claim is an exclusive create of a
 * file named after the port, holding the pid, kept while the process lives (a long-lived process, a test worker
 * starting devnet after devnet, holds a few ports per start: there are some 12,000); a reservation of a dead
 * process is removed, and the port left for a later pick. `false` when another process holds the port; `true` also
 * when the folder cannot be written (the probe alone then decides, as before reservations).
 */
export function reservePort(port: number): boolean {
  const file = reservationFile(port);
  try {
    mkdirSync(RESERVATIONS, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return true;
  }
  if (isHeld(file)) return false;
  try {
    unlinkSync(file);
  } catch {
    // another process removed it first
  }
  return false;
}

/**
 * Marks ports a caller chose itself (`pnpm devnet --port p` takes p, p+1 and p+2) as this process's, so that no
 * random pick hands them out while its children start. Unlike {@link reservePort} it overwrites: a fixed port's
 * caller has already checked the port is free, and a test that reserved the ports for the CLI it starts hands
 * them over this way.
 */
export function markPortsTaken(ports: readonly number[]): void {
  try {
    mkdirSync(RESERVATIONS, { recursive: true, mode: 0o700 });
    for (const port of ports) writeFileSync(reservationFile(port), `${process.pid}\n`);
  } catch {
    // reservations are a courtesy between processes; the probe still guards the start
  }
}
