import { promptfooFiles, type PromptfooColumn } from '../../shared/export/promptfoo-files.js';
import type { ApiKind } from '../../shared/requests/api-kind.js';
import { priceOf, priceTable } from '../../shared/wire/prices.js';
import { columnRequest } from '../../electron/host/run/column-request.js';
import { loadWorkspaceTests } from '../../electron/host/run/workspace-tests.js';
import { UsageError } from '../cli-io.js';
import { cliBuildInputs } from '../run-setup.js';
import type { LoadedWorkspace } from '../workspace-input.js';

/** The files of `export --format promptfoo`: each variant × preset × API a column, built like `eval` builds it. */
export async function promptfooExport(
  ws: LoadedWorkspace,
  variants: readonly string[],
  presets: readonly string[],
  apis: readonly ApiKind[],
  date: string | undefined,
): Promise<Map<string, string>> {
  const loaded = loadWorkspaceTests(ws.dir);
  const problem = loaded.problems[0];
  if (problem) throw new UsageError(`${problem.file}: ${problem.message}`);
  if (!loaded.tests.length) throw new UsageError('the workspace has no tests (tests/<id>.yaml) to export for promptfoo');
  const inputs = cliBuildInputs(ws, date);
  const prices = priceTable(undefined);
  const columns: PromptfooColumn[] = [];
  for (const variantId of variants)
    for (const preset of presets) {
      for (const api of apis) {
        const built = await columnRequest(inputs, { kind: 'variant', variantId, preset }, api);
        if (!built.ok) throw new UsageError(`${built.label}: ${built.error}`);
        columns.push({
          variantId,
          preset,
          api,
          input: built.value.input,
          vocabulary: built.value.vocabulary,
          price: priceOf(built.value.input.model, prices),
        });
      }
    }
  return promptfooFiles(loaded.tests, columns);
}
