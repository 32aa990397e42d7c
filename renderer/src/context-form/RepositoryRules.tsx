import { studio } from '../store';
import { withFolder } from '../store/with-folder';
import { getIn, type Path } from '../ui/json-path';
import { JsonField } from '../ui/fields';
import { FileTreeEditor } from '../ui/FileTreeEditor';

type Json = Record<string, unknown>;

/**
 * A repository whose rules files (.clinerules, .cursorrules, .windsurfrules, AGENTS.md,
 * .clineignore, the global rules folder) give the rule texts, read as Cline 3.89.2 reads them
 * (harness profile cline-classic): a tree here, or the working folder on this machine.
 */
export function RepositoryRules({ value, onChange }: { value: Json; onChange(path: Path, value: unknown): void }) {
  const repo = getIn(value, ['repository']) as Json | undefined;
  const real = repo?.discovery === 'real';
  const cwd = typeof value.cwd === 'string' && value.cwd.startsWith('/') ? value.cwd : '/home/user/project';
  return (
    <div className="wide repository-rules" data-testid="repository-rules">
      <div className="field check wide">
        <input
          id="repository-on"
          type="checkbox"
          checked={repo !== undefined}
          onChange={(e) => onChange(['repository'], e.target.checked ? { files: { [`${cwd}/.clinerules/rules.md`]: '' } } : undefined)}
        />
        <label htmlFor="repository-on">
          Take the rule texts from a repository’s files, as Cline reads them (they replace the texts above)
        </label>
      </div>
      {repo !== undefined && (
        <>
          <div className="field check wide">
            <input
              id="repository-real"
              type="checkbox"
              checked={real}
              onChange={(e) => onChange(['repository', 'discovery'], e.target.checked ? 'real' : undefined)}
            />
            <label htmlFor="repository-real">Read the working folder on this machine instead of the tree below</label>
          </div>
          {real ? (
            <div className="field wide">
              <button
                type="button"
                data-testid="repository-choose-folder"
                onClick={() =>
                  void withFolder(
                    'stack:grantFolder',
                    undefined,
                    'Working folder whose rules files the preview reads (absolute path):',
                    (t) => studio.getState().notify('error', t),
                  ).then((granted) => {
                    if (granted) onChange(['cwd'], granted.path);
                  })
                }
              >
                Choose the working folder…
              </button>
            </div>
          ) : (
            <FileTreeEditor
              files={(repo.files as Json | undefined) ?? {}}
              onChange={(files) => onChange(['repository', 'files'], files ?? {})}
              newPath={`${cwd}/.clinerules/rules.md`}
            />
          )}
          <JsonField
            value={value}
            path={['repository', 'settings']}
            label="Cline’s settings (JSON: preferredLanguage, toggles, evaluationPaths, …)"
            onChange={onChange}
          />
        </>
      )}
    </div>
  );
}
