import { useMemo } from 'react';
import { wordDiff } from './word-diff';

/**
 * `text` with what differs from `base` marked word by word: added words highlighted, removed
 * ones struck through (`removedTitle` says where they are). Without a base, the text alone.
 */
export function WordDiffText({
  base,
  text,
  removedClass,
  removedTitle,
}: {
  base: string | null;
  text: string;
  removedClass: string;
  removedTitle: string;
}) {
  const parts = useMemo(() => (base === null ? null : wordDiff(base, text)), [base, text]);
  if (!parts) return <>{text}</>;
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
