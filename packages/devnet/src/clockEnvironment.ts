/**
 * The variables that move a process's clock with Debian's libfaketime (`LD_PRELOAD` naming `libfaketime`, and
 * every `FAKETIME*`), taken from `env`: a child started with a scrubbed environment (alto, a tool server under
 * test) gets them too, so under `pnpm test:shifted` every process of a test sees the same moved clock, as every
 * process of a real deployment sees the same true one. Empty when the clock is not moved.
 *
 * @example
 * spawn(bin, args, { env: { PATH: process.env.PATH, ...clockEnvironment() } });
 */
export function clockEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (name.startsWith("FAKETIME") || (name === "LD_PRELOAD" && value.includes("faketime")))
      picked[name] = value;
  }
  return picked;
}
