import { describe, expect, it } from 'vitest';
import type { ToolFile } from '../../shared/domain/tool.js';
import { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import { baseVariables } from '../../shared/engine/components/base-variables.js';
import { renderTemplate } from '../../shared/engine/template/component-template.js';
import { build } from './build-helpers.js';

const tools: Record<string, ToolFile> = {
  read: {
    id: 'read',
    specs: [
      {
        family: 'generic',
        description: 'Read a file.',
        parameters: [{ name: 'path', required: true, instruction: 'The path.', usage: 'p', type: 'string' }],
      },
      { family: 'small', description: 'Read.', parameters: [{ name: 'path', required: true, instruction: 'Path.' }] },
    ],
  },
  browse: { id: 'browse', specs: [{ family: 'generic', description: 'Browse.', contextRequirement: 'browser', parameters: [] }] },
  only_other: {
    id: 'only_other',
    specs: [
      {
        family: 'other',
        description: 'Other family only.',
        parameters: [{ name: 'n', required: false, instruction: 'A number.', type: 'integer' }],
      },
    ],
  },
  marker: { id: 'marker', specs: [{ family: 'generic' }] },
  progress: {
    id: 'progress',
    specs: [
      {
        family: 'generic',
        description: 'Report progress in {{context.cwd}}.',
        parameters: [{ name: 'task_progress', required: false, instruction: 'Checklist.', dependencies: ['marker'] }],
      },
    ],
  },
};

/** A component that writes the enabled tools, as TOOL_USE does. */
const withToolList = () =>
  new ComponentRegistry().register('TOOLS_SECTION', (_v, _c, input) => renderTemplate('{{TOOLS}}', baseVariables(input)));

describe('tool selection', () => {
  it('uses the family spec, else generic, else any family; first occurrence wins; context requirements drop tools', () => {
    const r = build(
      {
        family: 'small',
        baseTemplate: '{{TOOLS_SECTION}}',
        componentOrder: ['TOOLS_SECTION'],
        tools: ['read', 'browse', 'only_other', 'read', 'ghost'],
      },
      { components: withToolList(), tools },
    );
    expect(r.tools.enabled).toEqual(['read', 'only_other']);
    expect(r.tools.excluded).toEqual([
      { id: 'browse', reason: 'needs: browser use is supported' },
      { id: 'ghost', reason: "no tool spec with id 'ghost'" },
    ]);
    expect(r.text).toBe(
      '## read\nDescription: Read.\nParameters:\n- path: (required) Path.\nUsage:\n<read>\n<path></path>\n</read>\n\n## only_other\nDescription: Other family only.\nParameters:\n- n: (optional) A number.\nUsage:\n<only_other>\n<n></n>\n</only_other>',
    );
    expect(r.warnings.filter((w) => w.code === 'TOOL_NOT_FOUND').map((w) => w.key)).toEqual(['ghost']);
  });

  it('tool overrides disable, move and rewrite tools', () => {
    const r = build(
      {
        baseTemplate: '{{TOOLS_SECTION}}',
        componentOrder: ['TOOLS_SECTION'],
        tools: ['read', 'progress', 'marker'],
        toolOverrides: { marker: { order: 0 }, read: { template: 'READ TOOL\n{{DEFAULT_TEXT}}' }, progress: { enabled: false } },
      },
      { components: withToolList(), tools },
    );
    expect(r.tools.enabled).toEqual(['marker', 'read']);
    expect(r.text).toBe(
      'READ TOOL\n## read\nDescription: Read a file.\nParameters:\n- path: (required) The path.\nUsage:\n<read>\n<path>p</path>\n</read>',
    );
  });

  it('parameters depend on enabled tools, and texts may use the context', () => {
    const r = build(
      { baseTemplate: '{{TOOLS_SECTION}}', componentOrder: ['TOOLS_SECTION'], tools: ['progress', 'marker'] },
      { components: withToolList(), tools, context: { cwd: '/repo' } },
    );
    expect(r.text).toBe(
      '## progress\nDescription: Report progress in /repo.\nParameters:\n- task_progress: (optional) Checklist.\nUsage:\n<progress>\n<task_progress></task_progress>\n</progress>',
    );
  });
});

describe('native tool calls', () => {
  it('leave the tools out of the text and return them as OpenAI, Anthropic and Gemini definitions', () => {
    const r = build(
      { baseTemplate: '[{{TOOLS_SECTION}}]', componentOrder: ['TOOLS_SECTION'], tools: ['read', 'only_other', 'marker'] },
      { components: withToolList(), tools, context: { cwd: '/p', enableNativeToolCalls: true } },
    );
    expect(r.text).toBe('[]');
    expect(r.tools.native).toEqual({
      openai: [
        {
          type: 'function',
          function: {
            name: 'read',
            description: 'Read a file.',
            parameters: {
              type: 'object',
              properties: { path: { type: 'string', description: 'The path.' } },
              required: ['path'],
              additionalProperties: false,
            },
          },
        },
        {
          type: 'function',
          function: {
            name: 'only_other',
            description: 'Other family only.',
            parameters: {
              type: 'object',
              properties: { n: { type: 'integer', description: 'A number.' } },
              required: [],
              additionalProperties: false,
            },
          },
        },
      ],
      anthropic: [
        {
          name: 'read',
          description: 'Read a file.',
          input_schema: { type: 'object', properties: { path: { type: 'string', description: 'The path.' } }, required: ['path'] },
        },
        {
          name: 'only_other',
          description: 'Other family only.',
          input_schema: { type: 'object', properties: { n: { type: 'integer', description: 'A number.' } }, required: [] },
        },
      ],
      gemini: [
        {
          name: 'read',
          description: 'Read a file.',
          parameters: { type: 'OBJECT', properties: { path: { type: 'STRING', description: 'The path.' } }, required: ['path'] },
        },
        {
          name: 'only_other',
          description: 'Other family only.',
          parameters: { type: 'OBJECT', properties: { n: { type: 'INTEGER', description: 'A number.' } }, required: [] },
        },
      ],
    });
  });

  it('are absent without native tool calls', () => {
    expect(build({ tools: ['read'] }, { tools }).tools.native).toBeUndefined();
  });
});
