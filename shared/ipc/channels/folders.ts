import { z } from 'zod';
import { channel } from './channel.js';

/**
 * The folder browser of browser mode, which has no folder dialog: the host lists the
 * sub-folders of a folder so the user can pick a workspace, a copy's target or a working
 * folder by clicking instead of typing an absolute path. Folder names only, never files.
 * The desktop app answers with its folder dialog instead (the channel refuses there).
 */
export const FolderListingSchema = z
  .object({
    /** The folder listed (absolute, resolved). */
    path: z.string(),
    /** Its parent, or null at the root. */
    parent: z.string().nullable(),
    /** The path separator of the host, to add a new folder's name. */
    separator: z.string(),
    /** Names of the sub-folders (hidden ones left out), sorted. */
    folders: z.array(z.string()),
    /** More sub-folders than listed. */
    truncated: z.boolean(),
    /** The folder holds files or folders (a copy needs an empty or new folder). */
    empty: z.boolean(),
    /** The folder looks like a workspace (workspace.yaml or variants/). */
    workspace: z.boolean(),
  })
  .strict();
export type FolderListing = z.infer<typeof FolderListingSchema>;

export const folderChannels = {
  'folders:list': channel(
    z.object({ path: z.string().min(1).optional() }).strict(),
    FolderListingSchema,
    'Browser mode: the sub-folders of a folder (default: the home folder), for the folder browser.',
  ),
} as const;
