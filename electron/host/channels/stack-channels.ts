import fs from 'node:fs';
import path from 'node:path';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import type { HostContext } from '../host-context.js';

type StackChannel = 'stack:grantFolder';

/** Handlers of the stack group: the working folders whose real instruction files a stack preview may read. */
export function stackHandlers(host: HostContext): Pick<ChannelHandlers, StackChannel> {
  return {
    'stack:grantFolder': async ({ path: folder }) => {
      const chosen = await host.chooseFolder('working-folder', folder);
      if (chosen === null) return null;
      if (!path.isAbsolute(chosen)) throw new HostError('INVALID_REQUEST', `a working folder must be an absolute path: '${chosen}'`);
      let real: string;
      try {
        real = await fs.promises.realpath(chosen);
        if (!(await fs.promises.stat(real)).isDirectory()) throw new Error('not a folder');
      } catch {
        throw new HostError('NOT_FOUND', `there is no folder at '${chosen}'`);
      }
      host.grantedFolders.add(real);
      host.preview.grantsChanged();
      return { path: real };
    },
  };
}
