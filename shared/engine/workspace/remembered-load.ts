import type { WorkspaceFileSource } from '../../domain/file-source.js';

/** One question a load asked of its source, and the answer it got. */
interface Read {
  kind: 'read' | 'list' | 'why';
  path: string;
  answer: string | readonly string[] | undefined;
}

/** A load's value, with every read, listing and reason-for-not-reading it asked of its source. */
export interface RecordedLoad<T> {
  reads: Read[];
  value: T;
}

function ask(source: WorkspaceFileSource, read: Read): string | readonly string[] | undefined {
  if (read.kind === 'read') return source.read(read.path);
  if (read.kind === 'list') return source.list(read.path);
  return source.whyUnread?.(read.path);
}

function sameAnswer(now: string | readonly string[] | undefined, then: string | readonly string[] | undefined): boolean {
  if (typeof now !== 'object' || typeof then !== 'object') return now === then;
  return now.length === then.length && now.every((name, i) => name === then[i]);
}

/**
 * `load(source)`, or the value it gave last time under `key` when every question it asked of
 * its source then gets the same answer now. For a load that is a function of what it reads
 * (parses from a parse cache are: pure functions of the texts), that value is what it would
 * give again, and it is the same object: a reload after an edit elsewhere neither validates
 * the unchanged parts again nor makes new objects of them (whatever is keyed on them keeps
 * hitting). The value is shared between loads and must be treated as immutable.
 */
export function rememberedLoad<T>(
  memo: Map<string, RecordedLoad<T>>,
  key: string,
  source: WorkspaceFileSource,
  load: (source: WorkspaceFileSource) => T,
): T {
  const last = memo.get(key);
  if (last?.reads.every((read) => sameAnswer(ask(source, read), read.answer))) return last.value;
  const reads: Read[] = [];
  const recording: WorkspaceFileSource = {
    read: (path) => {
      const answer = source.read(path);
      reads.push({ kind: 'read', path, answer });
      return answer;
    },
    list: (path) => {
      const answer = source.list(path);
      reads.push({ kind: 'list', path, answer: [...answer] });
      return answer;
    },
    whyUnread: (path) => {
      const answer = source.whyUnread?.(path);
      reads.push({ kind: 'why', path, answer });
      return answer;
    },
  };
  const value = load(recording);
  memo.set(key, { reads, value });
  return value;
}
