/**
 * Which addresses a session may reach, judged in the worker (the egress proxy judges every
 * connection again, by resolved address): identity-provider domains need login automation, and
 * everything else must be a public http(s) address. Every refusal is counted as a block.
 */
import type { RunToolOptions } from '@pagemap/page-map';
import type { OutboundGuard } from '../browser/outbound-guard';
import type { IdpPolicy } from '../browser/idp-domains';
import type { WorkerMetrics } from '../metrics';
import type { JobError } from './failure';

export class TargetPolicy {
  constructor(
    private readonly guard: OutboundGuard,
    private readonly idp: IdpPolicy,
    private readonly metrics: WorkerMetrics,
  ) {}

  /** Before any browser work on a new session: the identity-provider rule, then the resolved address. */
  async refuseOpen(url: string, loginAutomation: boolean): Promise<JobError | null> {
    if (!loginAutomation && this.idp.isIdentityProvider(url)) {
      this.metrics.blocks.inc({ kind: 'domain' });
      return {
        code: 'DOMAIN_BLOCKED',
        message:
          'The target is a dedicated identity-provider domain and login automation is not enabled for this account.',
      };
    }
    return this.refuseAddress(url);
  }

  /** The outbound guard's verdict on a URL's resolved address, as a refusal or null. */
  async refuseAddress(url: string): Promise<JobError | null> {
    const verdict = await this.guard.check(url);
    return verdict.allowed ? null : this.refused(verdict.reason);
  }

  /** A refusal of a non-public target, for a reason found elsewhere (e.g. by the egress proxy). */
  refused(reason: string): JobError {
    this.metrics.blocks.inc({ kind: 'outbound' });
    return { code: 'TARGET_NOT_ALLOWED', message: `The target is not a public http(s) address: ${reason}.` };
  }

  /**
   * The tool runner's hook for URLs a tool was given (navigate, follow_link). It must answer
   * synchronously, so it checks other schemes and non-public literal addresses only; host names
   * are judged on connection by the egress proxy. Per-tool refusals are not counted as blocks.
   */
  toolTargets(loginAutomation: boolean): NonNullable<RunToolOptions['checkUrl']> {
    return (target) => {
      if (this.idp.isIdentityProvider(target) && !loginAutomation)
        return {
          code: 'NOT_ALLOWED',
          message:
            'That address is a dedicated identity-provider domain and login automation is not enabled for this account.',
        };
      const quick = this.guard.quickCheck(target);
      return quick.allowed
        ? null
        : { code: 'NOT_ALLOWED', message: `That address is not a public http(s) address: ${quick.reason}.` };
    };
  }
}
