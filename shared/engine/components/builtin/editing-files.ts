import type { BuiltinComponent } from '../component-types.js';
import { builtinVariables } from './variables.js';

/**
 * write_to_file versus replace_in_file, the SEARCH/REPLACE block format, and what
 * auto-formatting (and, outside yolo mode, the user's review) does to the saved file. The
 * block example keeps the tight diff layout: the builder's cleanup leaves separators near
 * SEARCH / REPLACE markers alone.
 */
export const editingFiles: BuiltinComponent = {
  id: 'EDITING_FILES_SECTION',
  title: 'Editing files',
  description:
    "When to use write_to_file and when replace_in_file, the SEARCH/REPLACE block format with an example, auto-formatting and the final file content, and a short workflow. Mentions the user's review of edits except in yolo mode.",
  defaultTemplate: `EDITING FILES

Two tools change files: **write_to_file** writes a whole file, and **replace_in_file** changes chosen parts of an existing one. Picking the right one for each edit keeps your changes quick, safe and easy to review.

# write_to_file

## What it does
Writes the complete content you give it to a path. A new file is created, together with any missing directories; an existing file is overwritten entirely.

## When to use it
- Creating files, for example when scaffolding a project or adding a new module.
- Rewriting a small file, or one whose structure changes so much that targeted edits would be harder to follow than the new text.
- Replacing boilerplate or generated files as a whole.

## Keep in mind
- Send the entire final content. Whatever you leave out is lost, so never shorten the file with remarks such as "rest of the file unchanged".
- For a large file with only a few changes, rewriting everything is slow and risks accidental changes elsewhere in the file: use replace_in_file there.

# replace_in_file

## What it does
Applies SEARCH/REPLACE blocks to an existing file. Each block quotes text that is in the file now and gives the text to put in its place; everything else in the file stays as it is.

## When to use it
- Small, local changes: a few lines, one function body, an import, a configuration value.
- Several separate changes to one file: give one block per change, all in a single call.
- Any edit to a long file where most of the content stays the same.

## The block format
Each block looks like this:

------- SEARCH
const maxRetries = 3;
=======
const maxRetries = 5;
+++++++ REPLACE

- The SEARCH part must match the file exactly, character for character, including whitespace, indentation and comments.
- A block replaces only the first match of its SEARCH part, so quote just enough lines to make it unique, and no more.
- Quote whole lines: never start or end a SEARCH part in the middle of a line.
- With several blocks, list them in the order in which their text appears in the file.
- To delete code, leave the REPLACE part empty. To move code, use two blocks: one that removes it from the old place and one that inserts it at the new place.

# Choosing between them

- Use replace_in_file by default: most edits touch only a small part of a file.
- Use write_to_file for new files, for small files, and when the changes are so extensive that a clean rewrite is simpler and clearer than a series of blocks.

# Formatting and the final content

{{#if YOLO}}
Once an edit is saved, the editor may format the file automatically, so the file on disk can differ from the text you sent. Auto-formatting may, for example:
{{else}}
The user reviews each edit and may change it before it is saved, and the editor may then format the file automatically, so the file on disk can differ from the text you sent. Auto-formatting may, for example:
{{/if}}
- wrap long lines;
- re-indent code, switching between tabs and spaces or changing the indent width;
- switch between single and double quotes;
- sort or group imports;
- add or remove trailing commas, semicolons and blank lines.

The result of write_to_file and replace_in_file always contains the file's final content, after {{#unless YOLO}}the user's changes and {{/unless}}any formatting. Treat that text as the truth: base every later SEARCH part on it, not on what you sent, or the SEARCH part will not match.

# Workflow

1. Before editing, work out what has to change and pick the right tool for each file.
2. Put all the changes to one file into a single replace_in_file call with several blocks, rather than making one call per change.
3. For a new file or a thorough restructuring, use write_to_file.
4. After each edit, read the final content in the result and carry on from it.`,
  variables: builtinVariables,
};
