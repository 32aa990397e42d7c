import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stackProfileJsonSchema } from '../../../shared/stack/index.js';

/** Writes the JSON Schema of profile.yaml to `<root>/schemas/stack-profile.schema.json`; returns the path. */
export async function writeStackProfileJsonSchema(root: string): Promise<string> {
  const file = path.join(root, 'schemas', 'stack-profile.schema.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(stackProfileJsonSchema(), null, 2)}\n`, 'utf8');
  return file;
}
