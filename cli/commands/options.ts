/** Options every command understands. */
export interface CommonOptions {
  workspace?: string | undefined;
  preset?: string | undefined;
  context?: string | undefined;
  date?: string | undefined;
  format: 'text' | 'json';
}
