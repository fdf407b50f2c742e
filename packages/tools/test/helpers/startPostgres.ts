// A real PostgreSQL server for the tests: Debian's `postgresql` package (installed by .ci/run), initdb + postgres
// on a fresh temporary directory and a free loopback port, started by the test and stopped after it. As root it
// runs as the `postgres` user (postgres refuses to run as root). No server binaries: the test fails, it does not
// skip (the binaries are a declared dependency of the test run).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@preflow/devnet";

/** The directory of Debian's PostgreSQL binaries (the newest version installed). */
export function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, "bin");
    if (existsSync(join(bin, "postgres")) && existsSync(join(bin, "initdb"))) return bin;
  }
  throw new Error(
    "PostgreSQL's server binaries are not installed (apt-get install -y postgresql; .ci/run does it): the PostgreSQL store tests need them",
  );
}

/** A running PostgreSQL server and the URL of its `postgres` database. */
export interface RunningPostgres {
  url: string;
  /** A fresh database on the same server (its URL). */
  createDatabase(name: string): string;
  stop(): Promise<void>;
}

/** Starts PostgreSQL on a temporary directory and a free loopback port; resolves once it accepts connections. */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "preflow-pg-"));
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? postgresUser() : undefined;
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const options = { ...(ids ?? {}), stdio: "pipe" as const };
  execFileSync(
    join(bin, "initdb"),
    ["-D", data, "-U", "preflow", "--auth=trust", "-E", "UTF8", "--no-sync"],
    options,
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    join(bin, "postgres"),
    [
      "-D",
      data,
      "-p",
      String(port),
      "-h",
      "127.0.0.1",
      "-k",
      dir,
      "-c",
      "fsync=off",
      "-c",
      "max_connections=60",
    ],
    options,
  );
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-4_000);
  });
  const url = `postgres://preflow@127.0.0.1:${port}/postgres`;
  const psql = (sql: string) =>
    execFileSync(
      join(bin, "psql"),
      ["-h", "127.0.0.1", "-p", String(port), "-U", "preflow", "-d", "postgres", "-c", sql],
      {
        stdio: "pipe",
      },
    );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      psql("SELECT 1");
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`PostgreSQL did not start: ${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    createDatabase(name) {
      psql(`CREATE DATABASE ${name}`);
      return `postgres://preflow@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const line = execFileSync("getent", ["passwd", "postgres"], { encoding: "utf8" }).trim();
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}
