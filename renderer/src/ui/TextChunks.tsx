import { memo, type ReactNode } from 'react';
import { sameMarks, type ChunkMark, type DiffChunk } from './text-chunks';

interface Marks {
  removedClass: string;
  removedTitle: string;
}

/** One block of a long text (text-chunks.ts): rendered again only when its text changed. */
const PlainChunk = memo(function PlainChunk({ text }: { text: string }) {
  return <div className="text-chunk">{text}</div>;
});

/** A long text as its blocks (chunkText, chunksAfterEdit): a keystroke renders, lays out and paints one of them. */
export function PlainChunks({ chunks }: { chunks: readonly string[] }) {
  return (
    <>
      {chunks.map((text, i) => (
        <PlainChunk key={i} text={text} />
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
  (a, b) => a.text === b.text && sameMarks(a.marks, b.marks) && a.removedClass === b.removedClass && a.removedTitle === b.removedTitle,
);

/** A word diff of a long text as its blocks (diffChunks): a keystroke renders the blocks whose text or marks changed. */
export function DiffChunks({ chunks, ...marks }: Marks & { chunks: readonly DiffChunk[] }) {
  return (
    <>
      {chunks.map((chunk, i) => (
        <DiffChunkView key={i} text={chunk.text} marks={chunk.marks} {...marks} />
      ))}
    </>
  );
}
