// Headless Chromium for the repository's page tests and benchmarks: Debian's `chromium` (installed by .ci/run)
// driven by puppeteer-core, with a fresh profile and none of Chromium's own network traffic (this machine's
// closed network refuses it). One launcher for the examples' page tests, the tool server's approval-page tests
// and preflow's browser-bytes benchmark.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "puppeteer-core";
import { clockEnvironment } from "./clockEnvironment.js";

/** The Chromium binary: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export const CHROMIUM: string = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether to skip a page test: only on a developer machine without Chromium. Under CI (`CI` set; `.ci/run`
 * installs Chromium) a missing browser fails the test instead.
 */
export const noChromium: boolean = !existsSync(CHROMIUM) && !process.env.CI;

/** A headless Chromium and the way to stop it. */
export interface LaunchedChromium {
  browser: Browser;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/**
 * Starts headless Chromium with a fresh profile (removed by `close`), no sandbox (tests run as root in CI), no
 * GPU, QUIC, first-run, background networking, component updates or sync.
 *
 * @example
 * ```ts
 * const chromium = await launchChromium();
 * const page = await chromium.browser.newPage();
 * await page.goto("http://127.0.0.1:8080/");
 * await chromium.close();
 * ```
 */
function withoutClockEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const moved = clockEnvironment(env);
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !(entry[0] in moved),
    ),
  );
}

export async function launchChromium(): Promise<LaunchedChromium> {
  const { default: puppeteer } = await import("puppeteer-core");
  const profile = mkdtempSync(join(tmpdir(), "preflow-chromium-"));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
    ],
    // Chromium's renderers stop running pages under libfaketime (`pnpm test:shifted`: its pages never acted, so
    // every approval there timed out), so the browser keeps the true clock; the pages it drives read no dates.
    env: withoutClockEnvironment(process.env),
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
