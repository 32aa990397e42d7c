import type { HarnessCase } from '../conformance-cases.js';
import { claudeCodeCases } from './claude-code.js';
import { clineClassicCases, clineSdkCases } from './cline.js';
import { codexCases } from './codex.js';
import { copilotCases } from './copilot.js';
import { geminiCases } from './gemini.js';
import { kiloCases } from './kilo.js';
import { opencodeCases } from './opencode.js';
import { qwenCases } from './qwen.js';

/** Cases of the same kind as harness-cases.json, written from the spec pages. */
export const specCases: HarnessCase[] = [
  ...codexCases,
  ...geminiCases,
  ...claudeCodeCases,
  ...clineClassicCases,
  ...clineSdkCases,
  ...opencodeCases,
  ...qwenCases,
  ...kiloCases,
  ...copilotCases,
];
