import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY_META } from '../../../shared/ipc/csp';
import html from '../../index.html?raw';

describe('index.html', () => {
  it('carries the shared Content-Security-Policy (the meta variant) and no favicon request', () => {
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY_META);
    expect(html).toContain('<link rel="icon" href="data:," />');
  });
});
