import { useMemo } from 'react';
import { diffLines } from 'diff';

/** A unified line diff of two texts (removed lines, then added ones), unchanged runs folded to a few lines of context. */
export function LineDiff({ before, after, testId }: { before: string; after: string; testId?: string }) {
  const parts = useMemo(() => diffLines(before, after), [before, after]);
  const CONTEXT = 3;
  return (
    <pre className="line-diff" data-testid={testId}>
      {parts.map((p, i) => {
        if (p.added) return <ins key={i}>{p.value.replace(/^/gm, '+ ').replace(/\+ $/, '')}</ins>;
        if (p.removed) return <del key={i}>{p.value.replace(/^/gm, '- ').replace(/- $/, '')}</del>;
        const lines = p.value.split('\n');
        if (lines.length <= CONTEXT * 2 + 2) return <span key={i}>{p.value.replace(/^/gm, '  ').replace(/ {2}$/, '')}</span>;
        const head = i === 0 ? [] : lines.slice(0, CONTEXT);
        const tail = i === parts.length - 1 ? [] : lines.slice(-CONTEXT - 1);
        return (
          <span key={i}>
            {head.map((l) => `  ${l}\n`).join('')}
            <span className="muted">{`  … ${lines.length - head.length - tail.length} unchanged lines …\n`}</span>
            {tail.map((l, j) => (j === tail.length - 1 && l === '' ? '' : `  ${l}\n`)).join('')}
          </span>
        );
      })}
    </pre>
  );
}
