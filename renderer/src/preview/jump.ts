import { studio } from '../store';
import type { JumpTarget } from '../store/outline';

/** Opens the template, component or file a piece of the prompt came from. */
export async function jumpToSource(jump: JumpTarget): Promise<void> {
  const s = studio.getState();
  switch (jump.kind) {
    case 'template':
      await s.openDoc({ kind: 'variant-template', variantId: jump.variantId }, { offset: jump.offset });
      return;
    case 'component':
      await s.openComponentSource(jump.componentId, jump.origin === 'default' || jump.origin === 'code' ? undefined : jump.offset);
      return;
    case 'placeholder':
      if (jump.layer === 'variant') {
        const doc = await s.ensureDoc({ kind: 'variant-config', variantId: jump.variantId });
        const at = doc ? Math.max(0, doc.text.indexOf(`${jump.key}:`)) : 0;
        await s.openDoc({ kind: 'variant-config', variantId: jump.variantId }, { offset: at });
      } else if (jump.layer === 'runtime' || jump.layer === 'standard') {
        s.setBottomTab('context');
        s.announce(`${jump.key} comes from the simulated context`);
      } else {
        s.setBottomTab('placeholders');
      }
      return;
    case 'profile-file': {
      const m = /^profiles\/([^/]+)\/(.+)$/.exec(jump.file);
      if (m) await s.openDoc({ kind: 'profile-file', profileId: m[1]!, file: m[2]! });
      return;
    }
    case 'none':
      return;
  }
}
