import { docKey } from '../../../shared/ipc/doc-key';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import { variantResultOf } from '../store/preview-slice';
import { monaco } from '../monaco/setup';
import { studio } from '../store';
import { focusVariantId } from '../store/focus';
import { readVariantYaml } from '../store/variant-yaml';
import { overrideRef } from '../store/components-slice';
import { keyOf, modelFor, PROMPT_LANGUAGE, TEMPLATE_LANGUAGE, uriOf } from '../monaco/models';
import { LAYER_TEXT } from '../ui/placeholder-layers';
import {
  BASE_VARIABLES,
  closingAfter,
  CONTEXT_PATHS,
  keyAt,
  openTagBefore,
  SECTION_IDS,
  STANDARD_PLACEHOLDER_KEYS,
} from './template-syntax';

/**
 * The Monaco language of our templates: highlighting of `{{KEY}}` and block tags, completion,
 * hover with the resolved value and its layer, go-to-definition on component keys. Every
 * answer comes from what the store already holds (the workspace view, the last build
 * result): nothing here builds.
 */

function variantResult(): VariantBuildResult | undefined {
  return variantResultOf(studio.getState().preview);
}

/** Which variant a document belongs to (its template or one of its overrides). */
function variantOfDoc(key: string): string | undefined {
  const ref = studio.getState().docs[key]?.ref;
  if (!ref) return undefined;
  if (ref.kind === 'variant-template' || ref.kind === 'component-override' || ref.kind === 'tool-override') return ref.variantId;
  return undefined;
}

function componentIds(): string[] {
  const ws = studio.getState().workspace;
  const ids = new Set<string>(SECTION_IDS);
  for (const c of ws?.components ?? []) ids.add(c.id);
  return [...ids];
}

function variantPlaceholders(variantId: string | undefined): Record<string, string> {
  if (!variantId) return {};
  const doc = studio.getState().docs[docKey({ kind: 'variant-config', variantId })];
  return doc ? (readVariantYaml(doc.text).value?.placeholders ?? {}) : {};
}

/** Where go-to-definition on a component key leads, as a document key (loading it if needed). */
async function definitionKey(componentId: string, variantId: string | undefined): Promise<string | undefined> {
  const s = studio.getState();
  const ws = s.workspace;
  if (variantId) {
    const ref: DocRef = overrideRef(variantId, componentId);
    const key = docKey(ref);
    if (s.docs[key] || ws?.documents.some((d) => d.key === key)) return (await s.ensureDoc(ref))?.key;
  }
  const info = ws?.components.find((c) => c.id === componentId);
  if (info?.kind === 'workspace') return (await s.ensureDoc({ kind: 'component', componentId }))?.key;
  if (!info && !(SECTION_IDS as readonly string[]).includes(componentId)) return undefined;
  // Registered without a tab: the editor opener below opens it.
  return s.ensureBuiltinComponent(componentId);
}

let registered = false;

export function registerTemplateLanguage(): void {
  if (registered) return;
  registered = true;

  monaco.languages.register({ id: TEMPLATE_LANGUAGE, aliases: ['Variant template'] });
  monaco.languages.setMonarchTokensProvider(TEMPLATE_LANGUAGE, {
    tokenizer: {
      root: [
        [/\{\{\s*(#(if|unless|each)\b[^}]*|\/(if|unless|each)\s*|else\s*)\}\}/, 'keyword.block'],
        [/\{\{\s*(@\w+|this)\s*\}\}/, 'variable.special'],
        [/\{\{[^}]*\}\}/, 'variable.key'],
        [/^={4,}\s*$/, 'comment.separator'],
        [/^#{1,6}\s.*$/, 'type.heading'],
        [/[^{=#]+/, ''],
        [/./, ''],
      ],
    },
  });
  monaco.languages.setLanguageConfiguration(TEMPLATE_LANGUAGE, {
    brackets: [['{{', '}}']],
    // Single braces, not `{{`/`}}`: Monaco types over an auto-inserted closing character only
    // when its pair is one character each, so `{{` gives `{{}}` and typing `}}` then steps
    // over the two it inserted (with or without the completion list open).
    autoClosingPairs: [{ open: '{', close: '}' }],
    surroundingPairs: [{ open: '{', close: '}' }],
    wordPattern: /[A-Za-z_@#/][\w.@-]*/,
  });

  monaco.languages.register({ id: PROMPT_LANGUAGE, aliases: ['Prompt'] });
  monaco.languages.setMonarchTokensProvider(PROMPT_LANGUAGE, {
    tokenizer: {
      root: [
        [/^={4,}\s*$/, 'comment.separator'],
        [/^#{1,6}\s.*$/, 'type.heading'],
        [/^[A-Z][A-Z _-]{3,}$/, 'type.heading'],
        [/\{\{[^}]*\}\}/, 'variable.key'],
        [/<\/?[a-z_]+>/, 'tag'],
        [/[^{=#<A-Z]+/, ''],
        [/./, ''],
      ],
    },
  });
  // Prompt text has no brackets to match or colour (and parsing them costs time on every result).
  monaco.languages.setLanguageConfiguration(PROMPT_LANGUAGE, { brackets: [] });

  const rules = [
    { token: 'keyword.block', foreground: 'AF00DB', fontStyle: 'bold' },
    { token: 'variable.key', foreground: '0451A5', fontStyle: 'bold' },
    { token: 'variable.special', foreground: '795E26' },
    { token: 'comment.separator', foreground: '8A8A8A' },
    { token: 'type.heading', foreground: '267F99', fontStyle: 'bold' },
    { token: 'tag', foreground: '800000' },
  ];
  const darkRules = [
    { token: 'keyword.block', foreground: 'C586C0', fontStyle: 'bold' },
    { token: 'variable.key', foreground: '9CDCFE', fontStyle: 'bold' },
    { token: 'variable.special', foreground: 'DCDCAA' },
    { token: 'comment.separator', foreground: '6A6A6A' },
    { token: 'type.heading', foreground: '4EC9B0', fontStyle: 'bold' },
    { token: 'tag', foreground: 'CE9178' },
  ];
  monaco.editor.defineTheme('studio-light', { base: 'vs', inherit: true, rules, colors: {} });
  monaco.editor.defineTheme('studio-dark', { base: 'vs-dark', inherit: true, rules: darkRules, colors: {} });

  monaco.languages.registerCompletionItemProvider(TEMPLATE_LANGUAGE, {
    triggerCharacters: ['{', '.', '#', ' '],
    provideCompletionItems(model, position) {
      const line = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const tag = openTagBefore(line);
      if (!tag) return { suggestions: [] };
      const key = keyOf(model.uri);
      const s = studio.getState();
      const doc = key ? s.docs[key] : undefined;
      const isBase = doc?.ref?.kind === 'variant-template';
      const word = model.getWordUntilPosition(position);
      const startCol = position.column - tag.partial.length;
      const after = closingAfter(model.getLineContent(position.lineNumber).slice(position.column - 1));
      // The whole key is replaced (also what follows the cursor), and the tag ends with exactly one `}}`.
      const range = new monaco.Range(
        position.lineNumber,
        Math.min(startCol, word.startColumn),
        position.lineNumber,
        position.column + after.keyRest,
      );
      const K = monaco.languages.CompletionItemKind;
      const out: monaco.languages.CompletionItem[] = [];
      const seen = new Set<string>();
      const add = (
        label: string,
        kind: monaco.languages.CompletionItemKind,
        detail: string,
        sort: string,
        documentation?: string,
      ): void => {
        if (seen.has(label)) return;
        seen.add(label);
        out.push({
          label,
          kind,
          detail,
          insertText: label.endsWith(' ') ? label : label + '}}'.slice(after.braces),
          range,
          sortText: `${sort}${label}`,
          ...(documentation ? { documentation } : {}),
        });
      };
      const result = variantResult();
      const values = new Map(result?.placeholders.map((p) => [p.key, p]) ?? []);
      const ws = s.workspace;
      for (const id of componentIds()) {
        const info = ws?.components.find((c) => c.id === id);
        add(id, K.Module, `component${info ? ` · ${info.title}` : ''}`, '1', info?.description);
      }
      const vp = variantPlaceholders(key ? variantOfDoc(key) : undefined);
      for (const [k, v] of Object.entries(vp)) add(k, K.Variable, `variant placeholder = ${JSON.stringify(v).slice(0, 60)}`, '0');
      for (const k of STANDARD_PLACEHOLDER_KEYS) {
        const p = values.get(k);
        add(k, K.Constant, p ? `standard · ${JSON.stringify(p.text).slice(0, 50)}` : 'standard placeholder', '2');
      }
      if (!isBase) {
        for (const v of BASE_VARIABLES) add(v, K.Field, 'component variable', '3');
        const compId =
          doc?.ref?.kind === 'component-override'
            ? doc.ref.componentId
            : doc?.ref?.kind === 'component'
              ? doc.ref.componentId
              : doc?.builtinComponentId;
        const info = ws?.components.find((c) => c.id === compId);
        for (const v of info?.variables ?? []) add(v, K.Field, `variable of ${compId}`, '0');
        for (const p of CONTEXT_PATHS) add(p, K.Property, 'simulated context', '4');
        if (!tag.block) {
          for (const b of ['#if ', '#unless ', '#each ', 'else', '/if', '/unless', '/each', 'this', '@index', '@number', '@first', '@last'])
            add(b, K.Keyword, 'block tag', '5');
        }
      }
      return { suggestions: out };
    },
  });

  monaco.languages.registerHoverProvider(TEMPLATE_LANGUAGE, {
    provideHover(model, position) {
      const text = model.getValue();
      const span = keyAt(text, model.getOffsetAt(position));
      if (!span || !span.key) return null;
      const range = monaco.Range.fromPositions(model.getPositionAt(span.start), model.getPositionAt(span.end));
      const key = keyOf(model.uri);
      const s = studio.getState();
      const doc = key ? s.docs[key] : undefined;
      const result = variantResult();
      const lines: string[] = [];
      if (span.block) {
        lines.push(
          `Block tag on \`${span.key}\`${doc?.ref?.kind === 'variant-template' ? ' — not interpreted in a base template (Cline does not either).' : ''}`,
        );
      } else if (doc?.ref?.kind === 'variant-template' && result && result.variantId === doc.ref.variantId) {
        const p = result.placeholders.find((x) => x.key === span.key);
        if (p) {
          const shown = p.length > p.text.length ? `${p.text}\n… (${p.length} characters)` : p.text;
          lines.push(`**${span.key}** — ${LAYER_TEXT[p.layer]}`);
          lines.push('```\n' + (shown === '' ? '(empty string)' : shown.replace(/```/g, '`‵`')) + '\n```');
        } else {
          lines.push(`**${span.key}** — unresolved under the current context: the slot stays as \`{{${span.key}}}\` in the prompt.`);
        }
        const c = result.components.find((x) => x.id === span.key);
        if (c)
          lines.push(`Component ${c.status}${c.reason ? ` — ${c.reason}` : ''}; ${c.finalChars} characters in the prompt. F12 opens it.`);
      } else {
        const info = s.workspace?.components.find((c) => c.id === span.key);
        if (info) lines.push(`**${span.key}** — component · ${info.title}\n\n${info.description}\n\nF12 opens it.`);
        else if (BASE_VARIABLES.includes(span.key)) lines.push(`**${span.key}** — a variable every component template can read.`);
        else if (span.key.startsWith('context.')) lines.push(`**${span.key}** — from the simulated context.`);
        else lines.push(`**${span.key}** — a component variable or placeholder; its value is known when the component renders.`);
      }
      return { range, contents: lines.map((value) => ({ value })) };
    },
  });

  monaco.languages.registerDefinitionProvider(TEMPLATE_LANGUAGE, {
    async provideDefinition(model, position) {
      const span = keyAt(model.getValue(), model.getOffsetAt(position));
      if (!span || span.block) return null;
      const key = keyOf(model.uri);
      const target = await definitionKey(span.key, key ? variantOfDoc(key) : (focusVariantId(studio.getState()) ?? undefined));
      if (!target) return null;
      const doc = studio.getState().docs[target];
      if (!doc) return null;
      modelFor(doc);
      return { uri: uriOf(target), range: new monaco.Range(1, 1, 1, 1) };
    },
  });

  // Definitions in other documents open as tabs of the studio, not as a new editor.
  monaco.editor.registerEditorOpener({
    openCodeEditor(_source, resource, selection) {
      const key = keyOf(resource);
      if (!key) return false;
      const s = studio.getState();
      const doc = s.docs[key];
      if (!doc) return false;
      studio.setState((st) => ({ tabs: st.tabs.includes(key) ? st.tabs : [...st.tabs, key], activeTab: key }));
      if (selection && 'lineNumber' in selection) {
        const model = monaco.editor.getModel(resource);
        if (model) studio.setState((st) => ({ reveal: { key, offset: model.getOffsetAt(selection), n: (st.reveal?.n ?? 0) + 1 } }));
      }
      return true;
    },
  });
}
