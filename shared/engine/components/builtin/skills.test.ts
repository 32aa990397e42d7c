import { describe, expect, it } from 'vitest';
import { skills } from './skills.js';
import { makeInput, render, spec } from './__tests__/input.js';

const SKILLS = [
  { name: 'release-notes', description: 'Write release notes from merged pull requests.', path: '/h/.skills/release-notes/SKILL.md' },
  { name: 'db-migration', description: 'Plan and write a database migration.' },
];

describe('SKILLS_SECTION', () => {
  it('is empty without skills, and says why', () => {
    for (const context of [{}, { skills: [] }]) {
      const input = makeInput(context);
      expect(render(skills, input)).toBe('');
      expect(skills.emptyReason!(input)).toBe('no skills in the context');
    }
  });

  it('lists every skill with its description and file, and how to load one', () => {
    const input = makeInput({ skills: SKILLS });
    const text = render(skills, input);
    expect(text).toBe(
      [
        'SKILLS',
        '',
        'Skills are packaged instructions for particular kinds of work, written by the user or their team. These are available:',
        '',
        '- release-notes: Write release notes from merged pull requests. (instructions in /h/.skills/release-notes/SKILL.md)',
        '- db-migration: Plan and write a database migration.',
        '',
        "When a task matches a skill's description, load the skill before you start by reading its instructions file with read_file, and follow its instructions for the rest of the task. Load only the skills that fit the task, and only once per task.",
      ].join('\n'),
    );
    expect(skills.emptyReason!(input)).toBeUndefined();
  });

  it('loads skills with the use_skill tool when the variant enables it', () => {
    const text = render(skills, makeInput({ skills: SKILLS }, { tools: [spec('use_skill', ['skill_name'])] }));
    expect(text).toContain('load the skill before you start by calling use_skill with its name,');
    expect(text).not.toContain('read_file');
  });
});
