import { memo, type ReactNode } from 'react';
import { sameChunk, type ChunkMark, type DiffChunk } from './text-chunks';

interface Marks {
  removedClass: string;
  removedTitle: string;
}

/** One block of a long text (text-chunks.ts): rendered again only when its text changed. */
const PlainChunk = memo(function PlainChunk({ text }: { text: string }) {
  return <div className="text-chunk">{text}</div>;
});

/**
 * Blocks are rendered in groups of this many, each group rendered again only when one of its
 * blocks changed: a keystroke in a 1 MB cell visits about 16 groups and the blocks of one,
 * not 256 blocks.
 */
const GROUP = 16;

function grouped<T>(items: readonly T[]): (readonly T[])[] {
  const out: (readonly T[])[] = [];
  for (let i = 0; i < items.length; i += GROUP) out.push(items.slice(i, i + GROUP));
  return out;
}

function sameItems<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => same(x, b[i]!));
}

const PlainGroup = memo(
  function PlainGroup({ chunks }: { chunks: readonly string[] }) {
    return (
      <>
        {chunks.map((text, i) => (
          <PlainChunk key={i} text={text} />
        ))}
      </>
    );
  },
  (a, b) => sameItems(a.chunks, b.chunks, (x, y) => x === y),
);

/** A long text as its blocks (chunkText, chunksAfterEdit): a keystroke renders, lays out and paints one of them. */
export function PlainChunks({ chunks }: { chunks: readonly string[] }) {
  return (
    <>
      {grouped(chunks).map((group, i) => (
        <PlainGroup key={i} chunks={group} />
      ))}
    </>
  );
}

interface DiffChunkProps extends Marks {
  text: string;
  marks: readonly ChunkMark[];
}

/** One block of a word diff: its text with added words highlighted and removed ones struck through where they were. */
const DiffChunkView = memo(
  function DiffChunkView({ text, marks, removedClass, removedTitle }: DiffChunkProps) {
    const out: ReactNode[] = [];
    let at = 0;
    marks.forEach((mark, i) => {
      const start = mark.kind === 'added' ? mark.start : mark.at;
      if (start > at) out.push(text.slice(at, start));
      if (mark.kind === 'added') {
        out.push(
          <mark key={i} className="diff-added">
            {text.slice(mark.start, mark.end)}
          </mark>,
        );
        at = mark.end;
      } else {
        out.push(
          <del key={i} className={removedClass} title={removedTitle}>
            {mark.text}
          </del>,
        );
        at = mark.at;
      }
    });
    if (at < text.length) out.push(text.slice(at));
    return <div className="text-chunk">{out}</div>;
  },
  (a, b) => sameChunk(a, b) && a.removedClass === b.removedClass && a.removedTitle === b.removedTitle,
);

const DiffGroup = memo(
  function DiffGroup({ chunks, ...marks }: Marks & { chunks: readonly DiffChunk[] }) {
    return (
      <>
        {chunks.map((chunk, i) => (
          <DiffChunkView key={i} text={chunk.text} marks={chunk.marks} {...marks} />
        ))}
      </>
    );
  },
  (a, b) => a.removedClass === b.removedClass && a.removedTitle === b.removedTitle && sameItems(a.chunks, b.chunks, sameChunk),
);

/** A word diff of a long text as its blocks (diffChunks): a keystroke renders the blocks whose text or marks changed. */
export function DiffChunks({ chunks, ...marks }: Marks & { chunks: readonly DiffChunk[] }) {
  return (
    <>
      {grouped(chunks).map((group, i) => (
        <DiffGroup key={i} chunks={group} {...marks} />
      ))}
    </>
  );
}
