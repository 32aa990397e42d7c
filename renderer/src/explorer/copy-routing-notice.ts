import type { EntityChange } from '../../../shared/ipc/contract';
import { studio } from '../store';

type CopyRouting = NonNullable<EntityChange['routing']>;

/** Opens the compare view's routing table (routed now), where shadowed matchers are listed. */
function showRoutingTable(): void {
  const s = studio.getState();
  s.openCompare('routing');
  void s.runRouting();
}

/**
 * After "New variant from…": tells the user how the copy and its source route (the copy has
 * the source's matcher, so one of them shadows the other, or neither has one), with the routing
 * table one click away. Nothing to say when they do not take each other's models.
 */
export function tellCopyRouting(routing: CopyRouting): void {
  if (routing.relation === 'independent') return;
  const text = routing.message[0]!.toUpperCase() + routing.message.slice(1);
  studio.getState().notify('info', `${text}.`, { label: 'Show the routing table', run: showRoutingTable });
}
