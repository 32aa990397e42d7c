import { useMemo } from 'react';
import { wordDiff, type DiffPiece } from './word-diff';

interface Marks {
  removedClass: string;
  removedTitle: string;
}

/** Pieces of a word diff: added words highlighted, removed ones struck through (`removedTitle` says where they are). */
function DiffPieces({ parts, removedClass, removedTitle }: Marks & { parts: readonly DiffPiece[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'same' ? (
          p.text
        ) : p.kind === 'added' ? (
          <mark key={i} className="diff-added">
            {p.text}
          </mark>
        ) : (
          <del key={i} className={removedClass} title={removedTitle}>
            {p.text}
          </del>
        ),
      )}
    </>
  );
}

/**
 * `text` with what differs from `base` marked word by word: added words highlighted, removed
 * ones struck through (`removedTitle` says where they are). Without a base, the text alone.
 */
export function WordDiffText({ base, text, ...marks }: Marks & { base: string | null; text: string }) {
  const parts = useMemo(() => (base === null ? null : wordDiff(base, text)), [base, text]);
  if (!parts) return <>{text}</>;
  return <DiffPieces parts={parts} {...marks} />;
}
