import { useEffect, useRef, useState } from 'react';
import type { ChannelResponse, FolderListing } from '../../../shared/ipc/contract';
import { studio } from '../store';
import { Modal } from '../ui/Modal';
import { plainMessage } from '../ui/plain-message';
import { call, callRaw } from '../store/api';
import { answerFolder, useFolderRequest, type FolderPurpose } from '../ui/folder-request';

const CHOOSE: Record<FolderPurpose, string> = {
  open: 'Open this folder',
  copy: 'Copy into the new folder',
  'working-folder': 'Use this folder',
};

/**
 * The folder browser of browser mode (the desktop uses its folder dialog): the host lists
 * sub-folders (folders:list), the user walks the tree or types a path, and for a copy names a
 * new folder inside the one shown.
 */
export function FolderBrowser() {
  const request = useFolderRequest();
  return request ? <FolderBrowserBody key={request.title} purpose={request.purpose} title={request.title} /> : null;
}

/**
 * Where the browser starts: the folder that holds the open workspace (its siblings are the
 * likely other workspaces), else the home folder (the built-ins have no folder).
 */
async function startListing(): ReturnType<typeof callRaw<'folders:list'>> {
  const root = studio.getState().workspace?.root;
  if (root) {
    const here = await callRaw('folders:list', { path: root });
    if (here.ok && here.value.parent) {
      const parent = await callRaw('folders:list', { path: here.value.parent });
      if (parent.ok) return parent;
    }
  }
  return callRaw('folders:list', {});
}

type RecentWorkspace = ChannelResponse<'workspace:recent'>[number];

/** Opening a workspace: the recent ones and the built-in variants, one click each (as the desktop's menu has them). */
function OpenShortcuts() {
  const [recent, setRecent] = useState<RecentWorkspace[]>([]);
  const root = studio.getState().workspace?.root ?? null;
  const builtin = studio.getState().workspace?.builtin === true;
  useEffect(() => {
    let live = true;
    void call('workspace:recent', {}).then((r) => live && setRecent(r ?? []));
    return () => {
      live = false;
    };
  }, []);
  const others = recent.filter((r) => r.path !== root);
  return (
    <section className="open-shortcuts" aria-label="Recent workspaces" data-testid="recent-workspaces">
      {others.length > 0 && (
        <>
          <h3>Recent workspaces</h3>
          <ul className="folder-list">
            {others.map((r) => (
              <li key={r.path}>
                <button className="link" title={r.path} onClick={() => answerFolder(r.path)}>
                  {r.name} <span className="muted">{r.path}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {!builtin && (
        <button
          className="small"
          onClick={() => {
            answerFolder(null);
            void studio.getState().openBuiltin();
          }}
        >
          Open the built-in variants (read-only)
        </button>
      )}
    </section>
  );
}

function FolderBrowserBody({ purpose, title }: { purpose: FolderPurpose; title: string }) {
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('my-variants');
  const pathInput = useRef<HTMLInputElement>(null);

  const show = (r: Awaited<ReturnType<typeof callRaw<'folders:list'>>>): void => {
    if (!r.ok) {
      setError(plainMessage(r.error.message));
      return;
    }
    setError(null);
    setListing(r.value);
    setTyped(r.value.path);
  };
  const go = (path: string): void => void callRaw('folders:list', { path }).then(show);

  useEffect(() => {
    let live = true;
    void startListing().then((r) => live && show(r));
    pathInput.current?.focus();
    return () => {
      live = false;
    };
  }, []);

  const target =
    listing && purpose === 'copy'
      ? `${listing.path}${listing.path.endsWith(listing.separator) ? '' : listing.separator}${name.trim()}`
      : listing?.path;
  const nameTaken = purpose === 'copy' && !!listing?.folders.includes(name.trim());
  const canChoose = !!listing && (purpose !== 'copy' || (name.trim() !== '' && !/[\\/]/.test(name) && !nameTaken));
  return (
    <Modal
      title={title}
      titleId="folder-browser-title"
      testId="folder-browser"
      className="folder-browser"
      onClose={() => answerFolder(null)}
    >
      {purpose === 'open' && <OpenShortcuts />}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          go(typed.trim());
        }}
      >
        <input ref={pathInput} aria-label="Folder path" className="wide-input" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="small">
          Go
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ul className="folder-list" aria-label="Folders">
        {listing?.parent && (
          <li>
            <button className="link" onClick={() => go(listing.parent!)}>
              ↑ .. (up)
            </button>
          </li>
        )}
        {listing?.folders.map((f) => (
          <li key={f}>
            <button
              className="link"
              onClick={() => go(`${listing.path}${listing.path.endsWith(listing.separator) ? '' : listing.separator}${f}`)}
            >
              📁 {f}
            </button>
          </li>
        ))}
        {listing && listing.folders.length === 0 && <li className="muted">No folders here.</li>}
        {listing?.truncated && <li className="muted">More folders than shown: type the path.</li>}
      </ul>
      {purpose === 'copy' && (
        <label className="row">
          New folder
          <input aria-label="New folder name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      {listing && (
        <p className="muted target" data-testid="folder-target">
          {purpose === 'copy'
            ? nameTaken
              ? `${name.trim()} exists already here: choose another name.`
              : `The copy goes to ${target}`
            : target}
          {purpose === 'open' && !listing.workspace && ' (no workspace.yaml or variants/ here)'}
        </p>
      )}
      <div className="buttons">
        <button className="primary" disabled={!canChoose} onClick={() => answerFolder(target ?? null)}>
          {CHOOSE[purpose]}
        </button>
        <button onClick={() => answerFolder(null)}>Cancel</button>
      </div>
    </Modal>
  );
}
