// Types of scripts/functionLengths.mjs, for the test that holds the limits (packages/tools/test/functionLengths.test.ts).

/** One function of a package's `src`: where it starts and how many lines it spans (first to last). */
export interface FunctionLength {
  /** The file, relative to the repository's root. */
  file: string;
  /** Its first line (1-based). */
  line: number;
  name: string;
  lines: number;
}

export const ROOT: string;
export const TOOL_SERVER_LIMIT: number;
export const LONG_LIMIT: number;
export const LONG_ALLOWED: number;
export function functionsOf(file: string, root?: string): FunctionLength[];
export function measureFunctions(root?: string): FunctionLength[];
export function checkLimits(functions?: FunctionLength[]): {
  toolServerOver: FunctionLength[];
  long: FunctionLength[];
  ok: boolean;
};
