import { Fragment } from 'react';

/**
 * A file path that wraps only after a path separator: each segment (with its trailing `/` or
 * `\`) is kept on one line, and a line may break after each separator. For narrow table cells
 * and lists of paths, where the browser would otherwise break names letter by letter or at a
 * hyphen.
 */
export function PathText({ path, className }: { path: string; className?: string }) {
  const pieces = path.split(/(?<=[\\/])/);
  return (
    <span className={className ? `path-text ${className}` : 'path-text'}>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          <span className="path-seg">{piece}</span>
          {i < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
