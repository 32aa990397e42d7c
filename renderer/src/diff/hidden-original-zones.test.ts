import { describe, expect, it } from 'vitest';
import type { editor } from 'monaco-editor';
import { skipHiddenOriginalZones } from './hidden-original-zones';

/** An editor's view zones as Monaco's accessor keeps them: ids in, ids out. */
function fakeEditor() {
  const zones = new Map<string, editor.IViewZone>();
  let next = 0;
  const ed = {
    changeViewZones(callback: (accessor: editor.IViewZoneChangeAccessor) => void) {
      callback({
        addZone: (zone) => {
          const id = `z${++next}`;
          zones.set(id, zone);
          return id;
        },
        removeZone: (id) => void zones.delete(id),
        layoutZone: () => {},
      });
    },
  };
  return { ed: ed as unknown as editor.ICodeEditor, zones };
}

const zone = (afterLineNumber: number): editor.IViewZone => ({ afterLineNumber, domNode: {} as HTMLElement, heightInPx: 19 });

describe('skipHiddenOriginalZones', () => {
  it('adds no zone to the hidden original while inline, and removes those side by side left', () => {
    const { ed, zones } = fakeEditor();
    let inline = false;
    skipHiddenOriginalZones(ed, () => inline);
    // Side by side: the zones Monaco asks for are there, with their ids.
    const ids: string[] = [];
    ed.changeViewZones((a) => ids.push(a.addZone(zone(3)), a.addZone(zone(9))));
    expect([...zones.keys()]).toEqual(ids);
    expect(ids).toEqual(['z1', 'z2']);
    // Inline: Monaco removes the old zones and adds the new ones; only the removal happens.
    inline = true;
    const inlineIds: string[] = [];
    ed.changeViewZones((a) => {
      for (const id of ids) a.removeZone(id);
      inlineIds.push(a.addZone(zone(4)), a.addZone(zone(5)));
    });
    expect(zones.size).toBe(0);
    expect(inlineIds).toEqual(['', '']);
    // Side by side again: zones are added as before.
    inline = false;
    ed.changeViewZones((a) => {
      for (const id of inlineIds) a.removeZone(id);
      a.addZone(zone(7));
    });
    expect([...zones.values()].map((z) => z.afterLineNumber)).toEqual([7]);
  });
});
