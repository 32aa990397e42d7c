#!/usr/bin/env node
// The CLI entry: the compiled sources live in dist-lib/ (built by `npm run build:lib`, also on install).
import { runCli } from '../dist-lib/cli/main.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
});
