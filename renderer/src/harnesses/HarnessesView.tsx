import { useEffect } from 'react';
import { studio } from '../store';
import { FullScreenView } from '../ui/FullScreenView';
import { CapturePanel } from './CapturePanel';
import { captureStore, useCaptureView } from './capture-store';
import { HarnessColumn } from './HarnessColumn';
import { HarnessContextForm } from './HarnessContextForm';
import { harnessStore, useHarnessView } from './harness-store';
import './harnesses.css';

/**
 * One repository, every harness: side by side, what each agent loads from the tree, in which
 * order, where it lands (system prompt, first user message, on read), sizes and tokens, what
 * was cut, and why every other file it looked for was not loaded. Live: every edit of the tree
 * (or of a harness profile) runs the harnesses again.
 */
export function HarnessesView() {
  const run = useHarnessView((s) => s.run);
  const error = useHarnessView((s) => s.error);
  const cwd = useHarnessView((s) => (typeof s.context.cwd === 'string' ? s.context.cwd : ''));
  const real = useHarnessView((s) => s.discovery === 'real');
  const captureOpen = useCaptureView((s) => s.open);

  // Harness profiles are workspace files: run again when the workspace changes (an edited profile).
  useEffect(
    () =>
      studio.subscribe((s, prev) => {
        if (s.workspace !== prev.workspace) void harnessStore.getState().rerun();
      }),
    [],
  );

  return (
    <FullScreenView
      title="Instruction files in every harness"
      label="Instruction files in every harness"
      testId="harness-view"
      className="harness-view"
      beside={<span className="muted">{run ? `${run.results.length} harnesses · ${run.durationMs.toFixed(0)} ms` : 'running…'}</span>}
      actions={
        <button className="small" onClick={() => captureStore.getState().setOpen(!captureOpen)} data-testid="capture-open">
          Capture…
        </button>
      }
      onClose={() => harnessStore.getState().setOpen(false)}
      closeTestId="harness-view-close"
    >
      <div className="harness-view-body">
        <aside className="harness-view-context">
          <HarnessContextForm />
        </aside>
        <div className="harness-view-main">
          {captureOpen && (
            <CapturePanel harnesses={run?.results.map((r) => ({ id: r.harness, name: r.name })) ?? []} cwd={cwd} real={real} />
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <div className="harness-columns" data-testid="harness-columns">
            {run?.results.map((r) => (
              <HarnessColumn key={r.harness} result={r} cwd={cwd} />
            ))}
          </div>
          {run && run.lint.length > 0 && (
            <section className="harness-lint" aria-label="Instruction-file lint" data-testid="harness-lint">
              <h3>Lint</h3>
              <ul>
                {run.lint.map((f, i) => (
                  <li key={i} className={f.severity === 'warning' ? 'warn' : 'muted'}>
                    {f.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </FullScreenView>
  );
}
