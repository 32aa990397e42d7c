import { countLines } from '../text/line-count.js';

/** The sizes of a build's final text: characters at once, bytes and lines counted on first read. */
export interface PromptSizes {
  chars: number;
  bytes: number;
  lines: number;
}

/** Where a sizes object keeps its text and what it has counted (a symbol: JSON and structured clone skip it). */
const STATE = Symbol('prompt sizes');
interface SizesState {
  text: string;
  bytes?: number;
  lines?: number;
}
type WithState = PromptSizes & { [STATE]: SizesState };

/**
 * The getters, one pair for every sizes object. They are own, enumerable properties, so
 * JSON (`build --format json`) and structured clone (IPC) carry their values as before. Why
 * not an object literal with `get bytes()`: its getters are new closures on every build, and
 * V8 gives each such object a hidden class of its own; that class lives in the old generation
 * and holds the closures and with them the build's whole text, so every young-generation
 * collection had to copy and promote the text of every recent build. That was most of the
 * time of the snapshot matrix (56 builds).
 */
const GETTERS: PropertyDescriptorMap = {
  bytes: {
    enumerable: true,
    get(this: WithState): number {
      const state = this[STATE];
      return (state.bytes ??= utf8Length(state.text));
    },
  },
  lines: {
    enumerable: true,
    get(this: WithState): number {
      const state = this[STATE];
      return (state.lines ??= state.text ? countLines(state.text) : 0);
    },
  },
};

/** Sizes of the final text; bytes and lines are counted on first read (each is a full scan). */
export function promptSizes(text: string): PromptSizes {
  const sizes = { chars: text.length };
  Object.defineProperty(sizes, STATE, { value: { text } satisfies SizesState });
  return Object.defineProperties(sizes, GETTERS) as PromptSizes;
}

const TWO_BYTE = /[\u0080-\u07ff]/g;
const THREE_BYTE = /[\u0800-\ud7ff\ue000-\uffff]/g;
const SURROGATE = /[\ud800-\udfff]/g;
const NON_ASCII = /[\u0080-\uffff]/;

/** UTF-8 length without an encoder (shared/ has no DOM or Node APIs); ASCII text costs one regex test. */
function utf8Length(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  const count = (re: RegExp): number => text.match(re)?.length ?? 0;
  return text.length + count(TWO_BYTE) + 2 * count(THREE_BYTE) + count(SURROGATE);
}
