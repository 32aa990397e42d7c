/**
 * The conformance case a capture of the fake agent in its `ok` mode saves (the Codex profile on a
 * project folder whose AGENTS.md says "Indent with spaces."): what `--save-case` and the view's
 * "Save as conformance case…" must write. `home` is the test runner's matcher of the temporary home.
 */
export function fakeAgentCase(project: string, home: unknown): Record<string, unknown> {
  return {
    harness: 'codex',
    version: 'codex-0.171.0',
    name: 'capture-codex-1-agents-md-fragment',
    files: { [`${project}/AGENTS.md`]: 'Indent with spaces.\n' },
    cwd: project,
    home,
    os: 'linux',
    env: {},
    settings: {},
    reads: [],
    part: 'user',
    expected: `# AGENTS.md instructions for ${project}\n\n<INSTRUCTIONS>\nIndent with spaces.\n\n</INSTRUCTIONS>`,
    confidence: 'observed',
    notes: 'captured; the profile predicted it (input[0].content[0].text)',
  };
}
