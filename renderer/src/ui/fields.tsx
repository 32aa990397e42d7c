import { useId, useState } from 'react';
import { getIn, type Path } from './json-path';

/** Form fields bound to a path of a JSON object; empty input removes the key. */
export interface BoundProps {
  value: Record<string, unknown>;
  path: Path;
  label: string;
  hint?: string;
  /** Shown but not editable (the hint says why). */
  disabled?: boolean;
  onChange(path: Path, value: unknown): void;
}

/** The frame every labelled field shares: label, the control, an optional hint. */
function Labelled({
  id,
  label,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? 'field wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small>{hint}</small>}
    </div>
  );
}

export function TextField({ value, path, label, hint, disabled, onChange, placeholder }: BoundProps & { placeholder?: string }) {
  const id = useId();
  const v = getIn(value, path);
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input
        id={id}
        type="text"
        disabled={disabled}
        value={typeof v === 'string' ? v : ''}
        placeholder={placeholder}
        onChange={(e) => onChange(path, e.target.value === '' ? undefined : e.target.value)}
      />
    </Labelled>
  );
}

export function NumberField({ value, path, label, hint, onChange }: BoundProps) {
  const id = useId();
  const v = getIn(value, path);
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input
        id={id}
        type="number"
        value={typeof v === 'number' ? v : ''}
        onChange={(e) => onChange(path, e.target.value === '' ? undefined : Number(e.target.value))}
      />
    </Labelled>
  );
}

export function CheckField({ value, path, label, hint, onChange }: BoundProps) {
  const id = useId();
  const v = getIn(value, path);
  return (
    <div className="field check">
      <input id={id} type="checkbox" checked={v === true} onChange={(e) => onChange(path, e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint && <small>{hint}</small>}
    </div>
  );
}

export function SelectField({ value, path, label, options, onChange }: BoundProps & { options: { value: string; label: string }[] }) {
  const id = useId();
  const v = getIn(value, path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={typeof v === 'string' ? v : ''}
        onChange={(e) => onChange(path, e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">(not set)</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextAreaField({ value, path, label, hint, onChange, rows = 3 }: BoundProps & { rows?: number }) {
  const id = useId();
  const v = getIn(value, path);
  return (
    <Labelled id={id} label={label} hint={hint} wide>
      <textarea
        id={id}
        rows={rows}
        value={typeof v === 'string' ? v : ''}
        onChange={(e) => onChange(path, e.target.value === '' ? undefined : e.target.value)}
      />
    </Labelled>
  );
}

/** A list of strings edited as one per line. */
export function LinesField({ value, path, label, hint, onChange }: BoundProps) {
  const id = useId();
  const v = getIn(value, path);
  const text = Array.isArray(v) ? v.join('\n') : '';
  return (
    <Labelled id={id} label={label} hint={hint} wide>
      <textarea
        id={id}
        rows={2}
        value={text}
        onChange={(e) => {
          const lines = e.target.value.split('\n');
          onChange(path, e.target.value === '' ? undefined : lines);
        }}
      />
    </Labelled>
  );
}

/**
 * JSON edited as text: applied only when it parses (and passes `check`), with the error shown.
 * While the field has the focus it shows what the user typed; otherwise the current value.
 */
export function JsonField({ value, path, label, hint, disabled, onChange, check }: BoundProps & { check?: (v: unknown) => string | null }) {
  const id = useId();
  const v = getIn(value, path);
  const canonical = v === undefined ? '' : JSON.stringify(v, null, 2);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="field wide">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        disabled={disabled}
        className={`mono${error ? ' invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        value={draft ?? canonical}
        onBlur={() => {
          if (!error) setDraft(null);
        }}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          if (text.trim() === '') {
            setError(null);
            onChange(path, undefined);
            return;
          }
          try {
            const parsed: unknown = JSON.parse(text);
            const problem = check?.(parsed) ?? null;
            setError(problem);
            if (!problem) onChange(path, parsed);
          } catch (err) {
            setError(`Not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
          }
        }}
      />
      {error ? (
        <small className="error" id={`${id}-err`} role="alert">
          {error}
        </small>
      ) : (
        hint && <small>{hint}</small>
      )}
    </div>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="group">
      <legend>{legend}</legend>
      <div className="fields">{children}</div>
    </fieldset>
  );
}
