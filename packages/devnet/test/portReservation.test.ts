// Two processes picking ports at once never get the same one (issue 39: alto exited with EADDRINUSE on a port
// another process's probe had also found free). The reservation is a file per port holding the pid.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markPortsTaken, reservationFile, reservePort } from "../src/portReservation.js";
import { freePort, freePortRun } from "../src/rpc.js";

/** A node process that lives until killed, and its exit. */
function startSleeper() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = async () => {
    child.kill("SIGKILL");
    await exited;
  };
  return { pid: child.pid!, kill };
}

describe("port reservations between processes", () => {
  it("a port freePort handed out is held by this process: picks never repeat it, and it cannot be reserved again", async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(40);
    for (const port of ports) {
      expect(Number.parseInt(readFileSync(reservationFile(port), "utf8"), 10)).toBe(process.pid);
      expect(reservePort(port)).toBe(false);
    }
  });

  it("every port of a run is reserved", async () => {
    const first = await freePortRun(3);
    expect(first).toBeDefined();
    for (const port of [first!, first! + 1, first! + 2]) expect(reservePort(port)).toBe(false);
  });

  it("another live process's fresh reservation holds; once that process is gone the port is freed for a later pick", async () => {
    const port = (await freePort()) as number;
    const sleeper = startSleeper();
    try {
      writeFileSync(reservationFile(port), `${sleeper.pid}\n`);
      expect(reservePort(port)).toBe(false);
      expect(readFileSync(reservationFile(port), "utf8")).toBe(`${sleeper.pid}\n`);
    } finally {
      await sleeper.kill();
    }
    // the dead process's reservation is removed, and the port left for the next pick
    expect(reservePort(port)).toBe(false);
    expect(existsSync(reservationFile(port))).toBe(false);
    expect(reservePort(port)).toBe(true);
  });

  it("ports a caller chose itself are marked as its own, over a reservation another process made for it", async () => {
    const first = (await freePortRun(3)) as number;
    const sleeper = startSleeper();
    try {
      for (const port of [first, first + 1, first + 2])
        writeFileSync(reservationFile(port), `${sleeper.pid}\n`);
      markPortsTaken([first, first + 1, first + 2]);
      for (const port of [first, first + 1, first + 2]) {
        expect(readFileSync(reservationFile(port), "utf8")).toBe(`${process.pid}\n`);
        expect(reservePort(port)).toBe(false);
      }
    } finally {
      await sleeper.kill();
    }
  });
});
