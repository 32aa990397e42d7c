import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ExportSelectionError, bundleClosure } from '../../shared/bundle/closure.js';
import { renderBuilds } from '../../shared/bundle/rendered.js';
import { markdownFiles, requestExport, type ExportedRequest } from '../../shared/export/prompt-files.js';
import { typeScriptFiles } from '../../shared/export/typescript-export.js';
import { SNAPSHOT_DEFAULT_DATE } from '../../shared/engine/snapshots/snapshot-files.js';
import { API_KINDS, isApiKind, type ApiKind } from '../../shared/requests/api-kind.js';
import { appVersion } from '../../electron/host/app-version.js';
import { exportBundle } from '../../electron/host/bundles/export-bundle.js';
import { writeBytesAtomic, writeOutputFolder } from '../../electron/host/bundles/output-files.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { EXIT_OK, UsageError, type CliIo } from '../cli-io.js';
import { openWorkspace } from '../workspace-input.js';
import { promptfooExport } from './export-promptfoo.js';

export const EXPORT_USAGE = `variant-studio export --out <file.zip> [--variant <id>]... [--profile <id>]... [--preset <name>]... [--rendered] [--workspace <dir>]
variant-studio export --format ts|md|request [--api openai-chat|openai-responses|anthropic|gemini]... --out <dir> [--variant <id>]... [--preset <name>]...
variant-studio export --format promptfoo [--api ...]... --out <dir> [--variant <id>]... [--preset <name>]...

  --format promptfoo writes promptfooconfig.yaml, a provider and the exact request bodies: the chosen
  variants × presets × APIs (default anthropic) run the workspace's tests (tests/<id>.yaml) with
  \`npx promptfoo eval\` (keys and base URLs from the standard variables, as variant-studio eval).

  Without --variant and --profile every variant and profile is exported; without --preset every preset.
  --rendered adds each variant's prompt under each preset (Markdown and the JSON result) to a bundle.
  --date <YYYY-MM-DD> is the build date of rendered prompts (default ${SNAPSHOT_DEFAULT_DATE}, the snapshot date).
  A bundle's creation date is now, or SOURCE_DATE_EPOCH (seconds) when set: with it, the same
  workspace always gives the same bytes.
`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The manifest's creation date: SOURCE_DATE_EPOCH (reproducible builds) or now. */
export function creationDate(env: NodeJS.ProcessEnv = process.env): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return new Date();
  if (!/^\d+$/.test(epoch)) throw new UsageError(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not '${epoch}'`);
  return new Date(Number(epoch) * 1000);
}

export async function exportCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    options: {
      out: { type: 'string' },
      variant: { type: 'string', multiple: true },
      profile: { type: 'string', multiple: true },
      preset: { type: 'string', multiple: true },
      rendered: { type: 'boolean' },
      workspace: { type: 'string' },
      format: { type: 'string' },
      api: { type: 'string', multiple: true },
      date: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(EXPORT_USAGE);
    return EXIT_OK;
  }
  const format = values.format ?? 'bundle';
  if (!['bundle', 'ts', 'md', 'request', 'promptfoo'].includes(format))
    throw new UsageError(`--format must be ts, md, request or promptfoo (or left out for a bundle), not '${format}'`);
  if (!values.out) throw new UsageError('export needs --out (a .zip file for a bundle, a folder for --format ts|md|request)');
  if (values.date !== undefined && (!DATE.test(values.date) || Number.isNaN(Date.parse(values.date))))
    throw new UsageError(`--date must be a date as YYYY-MM-DD, not '${values.date}'`);
  const apis: ApiKind[] = [];
  for (const api of values.api ?? []) {
    if (!isApiKind(api)) throw new UsageError(`--api must be one of ${API_KINDS.join(', ')}, not '${api}'`);
    if (!apis.includes(api)) apis.push(api);
  }
  if (apis.length && format !== 'request' && format !== 'promptfoo') throw new UsageError('--api goes with --format request or promptfoo');
  if (values.rendered && format !== 'bundle') throw new UsageError('--rendered goes with bundles (leave out --format)');
  if (values.profile?.length && format !== 'bundle')
    throw new UsageError('--profile goes with bundles: ts, md and request exports are of variants');

  const ws = openWorkspace(values.workspace, io.cwd);
  const out = path.resolve(io.cwd, values.out);
  const selection = { variants: values.variant, profiles: values.profile, presets: values.preset };
  try {
    if (format === 'bundle') {
      if (existsSync(out) && statSync(out).isDirectory())
        throw new UsageError(`--out '${values.out}' is a folder; a bundle is one .zip file`);
      const bundle = await exportBundle({
        source: folderFileSource(ws.dir),
        snapshot: ws.snapshot,
        profileIds: ws.snapshot.profiles.map((p) => p.id),
        workspaceName: ws.snapshot.config.name,
        appVersion: appVersion(),
        createdAt: creationDate(),
        selection,
        rendered: values.rendered === true,
        renderDate: values.date,
      });
      await writeBytesAtomic(out, bundle.bytes);
      const c = bundle.manifest.contents;
      io.stdout(
        `wrote ${values.out}: ${c.variants.length} variant(s), ${c.profiles.length} profile(s), ${c.presets.length} preset(s), ${bundle.manifest.entries.length} file(s)${c.rendered ? ' with rendered prompts' : ''}, ${bundle.bytes.length} bytes\n`,
      );
      return EXIT_OK;
    }
    if (existsSync(out) && !statSync(out).isDirectory())
      throw new UsageError(`--out '${values.out}' is a file; --format ${format} writes a folder`);
    const closure = bundleClosure(
      { source: folderFileSource(ws.dir), snapshot: ws.snapshot, profileIds: [] },
      { variants: values.variant, presets: values.preset },
    );
    if (values.preset?.length) {
      const stack = values.preset.filter((p) => !closure.variantPresets.includes(p));
      if (stack.length && format !== 'ts')
        throw new UsageError(`preset '${stack[0]}' is a stack preset; md and request exports build variants`);
    }
    let files: Map<string, string>;
    let bodies: ExportedRequest[] = [];
    if (format === 'promptfoo') {
      files = await promptfooExport(
        ws,
        closure.variants.map((v) => v.id),
        closure.variantPresets,
        apis.length ? apis : ['anthropic'],
        values.date,
      );
    } else if (format === 'ts') {
      files = typeScriptFiles({
        variants: closure.variants,
        fallback: ws.snapshot.config.fallback,
        workspaceName: ws.snapshot.config.name,
        appVersion: appVersion(),
      });
    } else {
      const builds = renderBuilds(ws.snapshot, closure.variants, closure.variantPresets, values.date);
      if (format === 'md') files = markdownFiles(builds);
      else ({ files, bodies } = requestExport(builds, ws.snapshot, apis.length ? apis : API_KINDS));
    }
    const written = await writeOutputFolder(out, files);
    io.stdout(`wrote ${written.length} file(s) to ${values.out}\n`);
    // Which model each request body names, and the rule that chose it.
    for (const b of bodies) io.stdout(`${b.file}: model ${b.model.model}, ${b.model.reason}\n`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ExportSelectionError) throw new UsageError(error.message);
    throw error;
  }
}
