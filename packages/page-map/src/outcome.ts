/** Tool outcomes: the shapes runTool answers with, and the error a tool step throws. */
import type { ToolRunOutcome } from './types';

export type Code = NonNullable<ToolRunOutcome['result']['error']>['code'];

export class ToolError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

export type Filled = NonNullable<ToolRunOutcome['result']['filled']>;

/** Success; `filled` says what the tool's fields hold once filled (form tools). */
export const ok = (tool: string, navigated: boolean, login = false, filled?: Filled): ToolRunOutcome => ({
  result: { tool, success: true, error: null, ...(filled ? { filled } : {}) },
  navigated,
  login,
});
export const fail = (tool: string, code: Code, message: string, navigated = false, login = false): ToolRunOutcome => ({
  result: { tool, success: false, error: { code, message } },
  navigated,
  login,
});

export const remainingOf = (deadline: number): number => Math.max(0, deadline - Date.now());
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
