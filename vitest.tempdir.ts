// Shared vitest setup file: every test file gets a temporary folder of its own, removed when the file ends.
//
// Tests make state folders, policy files, keystores and SQLite stores with `mkdtempSync(join(tmpdir(), ...))`, and
// the tool servers they spawn write under `os.tmpdir()` too. Before this file, those folders stayed in /tmp after
// every run (over a thousand on a developer's machine, keystores among them). Here TMPDIR points at a fresh
// folder before the test file's own code runs (`os.tmpdir()` reads TMPDIR at each call, and the processes a test
// spawns inherit it), and the folder goes when the file's last `afterAll` has run: this file's hook was registered
// first, and vitest runs "after" hooks in reverse order of registration, so the servers a test stops are gone
// before their folder is.
//
// The folder's name is short (`/tmp/pft-XXXXXX`): PostgreSQL's socket path under it must stay within the 107
// bytes a Unix socket path may have. Its mode is 0711 (others may pass through, not list it): run as root, the tests
// start PostgreSQL as the `postgres` user in a subfolder they hand to it (test/helpers/startPostgres.ts).
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const parent = tmpdir();
const folder = mkdtempSync(join(parent, "pft-"));
chmodSync(folder, 0o711);
process.env.TMPDIR = folder;

afterAll(() => {
  process.env.TMPDIR = parent;
  rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});
