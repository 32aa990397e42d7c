import { promptMarkdown, type RenderedBuild } from '../bundle/rendered.js';
import type { WorkspaceSnapshot } from '../engine/workspace/workspace-snapshot.js';
import { API_LABELS, type ApiKind } from '../requests/api-kind.js';
import { requestShapeProblem } from '../requests/api-schemas.js';
import { curlCommand } from '../requests/curl-command.js';
import { requestBody } from '../requests/request-bodies.js';
import { requestInputFromVariant } from '../requests/request-input.js';
import type { RequestModel } from '../requests/request-model.js';

/**
 * Rendered prompts and API requests as files: <variant>/<preset>.md (the exact prompt and a
 * final newline, like a snapshot), and <variant>/<preset>.<api>.json request bodies with a
 * README.md that gives the curl command for each.
 */

/** <variant>/<preset>.md per build. */
export function markdownFiles(builds: readonly RenderedBuild[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const b of builds) files.set(`${b.variant.id}/${b.preset}.md`, promptMarkdown(b.result));
  return files;
}

/** A request body that does not have its API's documented shape (a bug here, never the user's input). */
export class RequestShapeError extends Error {}

/** One body of a request export: its file, and the model it names with the rule that chose it. */
export interface ExportedRequest {
  file: string;
  api: ApiKind;
  variantId: string;
  preset: string;
  model: RequestModel;
}

/**
 * <variant>/<preset>.<api>.json per build and API, checked against the API's documented shape,
 * and README.md; each body names a model of its API (requestModel) and the README says which
 * rule chose it.
 */
export function requestExport(
  builds: readonly RenderedBuild[],
  snapshot: WorkspaceSnapshot,
  apis: readonly ApiKind[],
): { files: Map<string, string>; bodies: ExportedRequest[] } {
  const files = new Map<string, string>();
  const bodies: ExportedRequest[] = [];
  const readme: string[] = [
    '# API requests',
    '',
    'Request bodies for each variant under each context preset: the system prompt exactly as Variant Studio builds it,',
    'native tool definitions when the preset enables native tool calls, and a placeholder user message to replace.',
    "Each body names a model of its API: the context's model when it is one of that API's, else the variant's",
    "modelName when it is, else the API's default model.",
    'Send one with curl (the API key comes from the environment):',
    '',
  ];
  for (const b of builds) {
    const context = snapshot.presets.find((p) => p.name === b.preset)?.context;
    if (!context) continue;
    for (const api of apis) {
      const input = requestInputFromVariant(b.result, context, b.variant, api);
      const body = requestBody(api, input);
      const problem = requestShapeProblem(api, body);
      if (problem)
        throw new RequestShapeError(
          `the ${API_LABELS[api]} request for ${b.variant.id} x ${b.preset} does not have the documented shape: ${problem}`,
        );
      const file = `${b.variant.id}/${b.preset}.${api}.json`;
      files.set(file, `${JSON.stringify(body, null, 2)}\n`);
      const model = input.modelChoice!;
      bodies.push({ file, api, variantId: b.variant.id, preset: b.preset, model });
      readme.push(
        `- ${API_LABELS[api]}, ${b.variant.id} × ${b.preset}, model ${model.model}: ${model.reason}.`,
        '',
        '  ```sh',
        `  ${curlCommand(api, file, input.model)}`,
        '  ```',
        '',
      );
    }
  }
  files.set('README.md', `${readme.join('\n').trimEnd()}\n`);
  return { files, bodies };
}
