// Terminal output of the demo: numbered steps, a spinner while waiting (progress lines when stdout is not a
// terminal), and a summary table. No dependency: a dozen lines of ANSI.

const tty = process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
const paint = (code: number) => (text: string) => (tty ? `\u001b[${code}m${text}\u001b[0m` : text);
export const bold = paint(1);
export const dim = paint(2);
export const green = paint(32);
export const red = paint(31);
export const cyan = paint(36);

let stepNumber = 0;

/** Prints a numbered chapter heading. */
export function chapter(title: string): void {
  stepNumber += 1;
  process.stdout.write(`\n${bold(`${stepNumber}. ${title}`)}\n`);
}

/** Prints an indented line. */
export function line(text = ""): void {
  process.stdout.write(`   ${text}\n`);
}

/** Prints an indented block (JSON, a flow). */
export function block(text: string): void {
  for (const l of text.split("\n")) process.stdout.write(`   ${dim("│")} ${l}\n`);
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** Runs `work` with a spinner (or a progress line), then prints ✔ or ✘ with the elapsed time. */
export async function waitWith<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let frame = 0;
  const timer = tty
    ? setInterval(
        () => process.stdout.write(`\r   ${cyan(FRAMES[frame++ % FRAMES.length]!)} ${label}...`),
        80,
      )
    : undefined;
  if (!tty) process.stdout.write(`   … ${label}\n`);
  try {
    const result = await work();
    const ms = Math.round(performance.now() - started);
    process.stdout.write(`${tty ? "\r\u001b[2K" : ""}   ${green("✔")} ${label} ${dim(`(${ms} ms)`)}\n`);
    return result;
  } catch (error) {
    process.stdout.write(`${tty ? "\r\u001b[2K" : ""}   ${red("✘")} ${label}\n`);
    throw error;
  } finally {
    if (timer) clearInterval(timer);
  }
}

/** Prints a table with a header row. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const fmt = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  process.stdout.write(`   ${bold(fmt(header))}\n`);
  process.stdout.write(`   ${widths.map((w) => "─".repeat(w)).join("  ")}\n`);
  for (const r of rows) process.stdout.write(`   ${fmt(r)}\n`);
}

/** `0x1234…abcd`. */
export function short(hex: string, keep = 6): string {
  return hex.length <= keep * 2 + 2 ? hex : `${hex.slice(0, keep + 2)}…${hex.slice(-keep)}`;
}
