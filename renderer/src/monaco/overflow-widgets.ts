/**
 * Where Monaco's completion, hover and parameter widgets go: one node at the end of the
 * document body instead of inside the editor. The editor panes are layout-contained
 * (`contain: strict`, see app.css), which clips anything drawn past their edges, fixed
 * widgets included; out here the widgets show whole wherever the editor sits. The node has
 * Monaco's class so the widgets get the theme's colours.
 */
let node: HTMLElement | null = null;

export function overflowWidgetsNode(): HTMLElement {
  if (node?.isConnected) return node;
  node = document.createElement('div');
  node.className = 'monaco-editor overflow-widgets';
  node.dataset.testid = 'overflow-widgets';
  document.body.appendChild(node);
  return node;
}

/** Editor options that put the overflow widgets there (spread into an editor's options). */
export function overflowWidgetOptions(): { fixedOverflowWidgets: true; overflowWidgetsDomNode: HTMLElement } {
  return { fixedOverflowWidgets: true, overflowWidgetsDomNode: overflowWidgetsNode() };
}
