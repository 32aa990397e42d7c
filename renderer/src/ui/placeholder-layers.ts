import type { PlaceholderLayer } from '../../../shared/engine/build/build-result';

/** Where a placeholder's value comes from, in words: the editor's hovers and the Placeholders tab say it the same way. */
export const LAYER_TEXT: Record<PlaceholderLayer, string> = {
  variant: 'layer 1 · the variant’s placeholders (variant.yaml)',
  standard: 'layer 2 · standard values (CWD, SUPPORTS_BROWSER, MODEL_FAMILY, CURRENT_DATE)',
  component: 'layer 3 · a component’s section',
  'standard-default': 'layer 4 · standard placeholder default (section or empty)',
  runtime: 'layer 5 · the context’s runtime placeholders',
  inherited: 'inherited from the surrounding variables',
};

export const LAYER_SHORT: Record<PlaceholderLayer, string> = {
  variant: 'variant',
  standard: 'standard',
  component: 'component',
  'standard-default': 'standard (default)',
  runtime: 'runtime',
  inherited: 'inherited',
};
