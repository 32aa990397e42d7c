import type { HarnessFileReport, HarnessPart, HarnessResult, HarnessTruncated, HarnessWarning } from '../result.js';
import type { HarnessProfile } from '../profile/schema.js';

/** Collects what a run finds: file reports, warnings, facts and parts, in the order they happen. */
export class RunRecorder {
  readonly files: HarnessFileReport[] = [];
  readonly warnings: HarnessWarning[] = [];
  readonly facts: Record<string, string> = {};
  readonly parts: HarnessPart[] = [];
  stopped: string | undefined;
  truncated: HarnessTruncated | undefined;

  /** Adds a report and returns it, so later steps can update its status. */
  file(report: HarnessFileReport): HarnessFileReport {
    this.files.push(report);
    return report;
  }

  warn(code: string, message: string, path?: string, severity: HarnessWarning['severity'] = 'warning'): void {
    this.warnings.push({ code, severity, message, path });
  }

  part(part: HarnessPart): void {
    this.parts.push(part);
  }

  result(profile: HarnessProfile): HarnessResult {
    return {
      harness: profile.id,
      name: profile.name,
      agent: profile.agent,
      version: profile.version,
      observedWith: [...profile.observedWith],
      parts: this.parts,
      files: this.files,
      warnings: this.warnings,
      stopped: this.stopped,
      truncated: this.truncated,
      facts: this.facts,
    };
  }
}
