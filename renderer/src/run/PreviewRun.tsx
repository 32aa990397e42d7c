import { studio, useStudio } from '../store';
import { PREVIEW_PLACE, previewRunRequest } from '../store/run/playground-slice';
import { RunChecks } from './RunChecks';
import { RunHistory } from './RunHistory';
import { ConnectionPick, MessageInput, SendButton } from './RunInputs';
import { RunResult } from './RunResult';
import './run.css';

const request = () => previewRunRequest(studio.getState());
const send = () => {
  const r = request();
  if (r) void studio.getState().sendRun(PREVIEW_PLACE, r);
};

/** The preview's Run tab: the request the preview shows, sent with a message (or a test), the reply streamed in. */
export function PreviewRun() {
  const label = useStudio((s) => previewRunRequest(s)?.label ?? null);
  const slot = useStudio((s) => s.runs[PREVIEW_PLACE]);
  // The estimate of the prompt shown now (null while its count is on the way): a count of an
  // earlier build would make the exact count look stale when it is not.
  const estimate = useStudio((s) => (s.tokens && s.tokens.seq === s.preview?.seq ? s.tokens.text.o200k : null));
  if (!label) return <p className="muted pad">Choose a variant or a stack profile: its request is what a Run sends.</p>;
  return (
    <div className="preview-run" data-testid="preview-run">
      <MessageInput onSend={send} />
      <div className="row">
        <ConnectionPick place={PREVIEW_PLACE} label={label} />
        <SendButton place={PREVIEW_PLACE} label={label} onSend={send} />
      </div>
      {slot && <RunResult slot={slot} />}
      <RunChecks place={PREVIEW_PLACE} request={request} estimate={estimate} />
      <RunHistory />
    </div>
  );
}
