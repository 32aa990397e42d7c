#!/usr/bin/env node
// A fake coding agent for capture's tests: `fake-agent --version <mode>` prints a version;
// `fake-agent <prompt> <mode>` (or Codex's `exec` command line) sends one request like a real agent (Codex's AGENTS.md fragment
// in an OpenAI Responses body, to $STANDIN_BASE/responses with $STANDIN_API_KEY) or misbehaves
// as <mode> says: differ, hang, login, exit-early, other-path, websocket, flood, child-hangs,
// write-folder, probe-host (first tries the host's 127.0.0.1:<prompt>, and says in the body
// whether it got there).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const argv = process.argv.slice(2);
// Driven by the built-in codex profile's command line (`exec ... -c model_providers.standin={ base_url = "..." } <prompt>`),
// the mode comes from a `--fake-mode=<mode>` argument a wrapper script adds.
const codexStyle = argv[0] === 'exec';
const fakeMode = argv.find((a) => a.startsWith('--fake-mode='))?.slice('--fake-mode='.length);
const plain = argv.filter((a) => !a.startsWith('--fake-mode='));
const first = codexStyle ? plain[plain.length - 1] : plain[0];
const mode = fakeMode ?? (codexStyle ? 'ok' : (plain[1] ?? 'ok'));
if (plain[0] === '--version') {
  console.log(`fake-agent ${mode === 'old' ? '0.1.0' : '0.171.0'}`);
  process.exit(0);
}
const base = process.env.STANDIN_BASE ?? /base_url = "([^"]+)"/.exec(argv.join(' '))?.[1] ?? '';
const cwd = process.cwd();

function fragment() {
  let text;
  try {
    text = fs.readFileSync(path.join(cwd, 'AGENTS.md'), 'utf8');
  } catch {
    return [];
  }
  if (mode === 'differ') text = text.replace('spaces', 'tabs');
  return [
    {
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: `# AGENTS.md instructions for ${cwd}\n\n<INSTRUCTIONS>\n${text}\n</INSTRUCTIONS>` }],
    },
  ];
}

async function send(url) {
  const body = {
    model: 'fake',
    instructions: 'You are a fake agent.',
    input: [...fragment(), { type: 'message', role: 'user', content: [{ type: 'input_text', text: first }] }],
    stream: false,
    fake_key: process.env.STANDIN_API_KEY,
    fake_env: Object.keys(process.env).sort(),
    fake_home: process.env.HOME,
    fake_probe: mode === 'probe-host' ? await probe(Number(first)) : undefined,
  };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.STANDIN_API_KEY}` },
    body: JSON.stringify(body),
  });
  const reply = await res.json();
  console.log(reply.output?.[0]?.content?.[0]?.text ?? JSON.stringify(reply));
}

function probe(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(2000, () => (socket.destroy(), resolve('unreachable')));
    socket.on('connect', () => (socket.destroy(), resolve('reached')));
    socket.on('error', () => resolve('unreachable'));
  });
}

switch (mode) {
  case 'hang':
    setInterval(() => undefined, 1000);
    break;
  case 'login':
    console.error('You are not logged in. Run `fake-agent login` to sign in.');
    process.exit(1);
    break;
  case 'exit-early':
    console.error('fatal: the fake agent crashed on start');
    process.exit(3);
    break;
  case 'other-path':
    await send(`${new URL(base).origin}/v2/chat`).catch(() => undefined);
    process.exit(1);
    break;
  case 'websocket': {
    const req = http.request(`${base}/responses`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('response', () => process.exit(1));
    req.on('upgrade', () => process.exit(1));
    req.on('error', () => process.exit(1));
    req.end();
    break;
  }
  case 'flood': {
    const line = `${'x'.repeat(1023)}\n`;
    const write = () => {
      while (process.stdout.write(line));
      process.stdout.once('drain', write);
    };
    write();
    break;
  }
  case 'child-hangs': {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    console.log(`child ${child.pid}`);
    await send(`${base}/responses`);
    setInterval(() => undefined, 1000);
    break;
  }
  case 'write-folder':
    fs.writeFileSync(path.join(cwd, 'notes.txt'), 'written by the agent\n');
    await send(`${base}/responses`);
    break;
  default:
    await send(`${base}/responses`);
}
