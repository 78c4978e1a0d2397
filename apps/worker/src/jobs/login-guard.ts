/**
 * The worker's side of the automatic suspension of login automation: before a login tool runs,
 * a suspended tenant gets LOGIN_AUTOMATION_SUSPENDED (the tool does not run and is not billed);
 * after a batch, the login tools' outcomes — classified from their result codes — go to the
 * tenant's signals, which suspend it when a threshold is crossed (packages/accounts login-abuse).
 * Only the username's hash leaves this file; the password is never read.
 */
import type { ToolCall, ToolResult } from '@pagemap/contracts';
import type { LoginAbuseStore, LoginAbuseThresholds, LoginAttempt } from '@pagemap/accounts';
import type { PageMap } from '@pagemap/page-map';
import type { Logger } from '@pagemap/runtime';
import type { WorkerMetrics } from '../metrics';

/** What the batch runner needs for one job: ask before a login tool, tell after it, flush at the end. */
export interface JobLoginGuard {
  suspended(): Promise<boolean>;
  note(call: ToolCall, result: ToolResult): void;
  flush(): Promise<void>;
}

export const SUSPENDED_RESULT = (tool: string): ToolResult => ({
  tool,
  success: false,
  error: {
    code: 'LOGIN_AUTOMATION_SUSPENDED',
    message:
      'Login automation is suspended for this account after automated sign-ins looked like abuse (docs/acceptable-use.md); the billing area says why and since when. Browsing without signing in still works. The operator can reinstate it.',
  },
});

/** A call to a tool the page map built for a sign-in form. */
export function isLoginCall(map: PageMap, call: ToolCall): boolean {
  const tool = map.tools.find((t) => t.tool.name === call.tool);
  return tool?.binding.kind === 'form' && (tool.binding as { purpose?: string }).purpose === 'login';
}

function outcomeOf(result: ToolResult): LoginAttempt['outcome'] {
  if (result.success) return 'ok';
  const code = result.error?.code;
  if (code === 'LOGIN_REJECTED') return 'rejected';
  if (code === 'CAPTCHA_REQUIRED') return 'blocked';
  return 'other';
}

const USERNAME_PARAMS = ['username', 'email', 'identifier', 'login', 'user'];

export class LoginGuard {
  constructor(
    private readonly store: LoginAbuseStore,
    private readonly thresholds: LoginAbuseThresholds,
    private readonly metrics: WorkerMetrics,
    private readonly log: Logger,
  ) {}

  forJob(tenantId: string, pageUrl: string): JobLoginGuard {
    const site = siteOf(pageUrl);
    const attempts: LoginAttempt[] = [];
    let known: Promise<boolean> | undefined;
    return {
      suspended: () => (known ??= this.store.suspension(tenantId).then((s) => s !== null)),
      note: (call, result) => {
        const name = USERNAME_PARAMS.find((p) => typeof call.params?.[p] === 'string');
        const username = name ? String(call.params![name]) : undefined;
        attempts.push({ outcome: outcomeOf(result), ...(username ? { username } : {}) });
      },
      flush: async () => {
        if (attempts.length === 0) return;
        const out = await this.store.record(tenantId, site, attempts, this.thresholds);
        if (!out.suspended) return;
        this.metrics.loginSuspensions.inc({ reason: out.reason ?? 'unknown' });
        this.log.warn(
          { event: 'login_automation_suspended', tenant: tenantId, site, reason: out.reason, signals: out.signals },
          'login automation suspended automatically',
        );
      },
    };
  }
}

function siteOf(url: string): string {
  try {
    return new URL(url).hostname || 'unknown';
  } catch {
    return 'unknown';
  }
}
