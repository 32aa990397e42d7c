import type { ChannelName, EventName } from './contract.js';

/**
 * The names of the contract's channels and events, without their schemas: what the renderer
 * needs to build its API (client.ts) and to know an event, so that zod and the contract's
 * tables are not part of the first screen's script. The host still validates every request
 * against the contract (dispatch.ts). Both lists are checked against the contract when it
 * compiles: a channel or event missing here is a type error naming it.
 */

type Missing<All, T extends readonly string[]> = [Exclude<All, T[number]>] extends [never] ? unknown : { missing: Exclude<All, T[number]> };

function every<const T extends readonly ChannelName[]>(names: T & Missing<ChannelName, T>): T {
  return names;
}

function everyEvent<const T extends readonly EventName[]>(names: T & Missing<EventName, T>): T {
  return names;
}

export const CHANNEL_NAMES: readonly ChannelName[] = Object.freeze(
  every([
    'workspace:get',
    'workspace:openBuiltin',
    'workspace:openFolder',
    'workspace:recent',
    'workspace:copyTo',
    'machine:info',
    'doc:read',
    'doc:update',
    'doc:save',
    'doc:saveVariant',
    'doc:problems',
    'doc:saveAll',
    'doc:revert',
    'doc:resolveConflict',
    'doc:delete',
    'doc:create',
    'drafts:list',
    'drafts:restore',
    'drafts:discard',
    'preview:set',
    'preview:shown',
    'build:run',
    'select:explain',
    'tokens:count',
    'snapshot:pin',
    'snapshot:unpin',
    'stack:grantFolder',
    'bundle:capabilities',
    'bundle:export',
    'bundle:download',
    'bundle:upload',
    'bundle:plan',
    'bundle:diff',
    'bundle:apply',
    'bundle:discard',
    'bundle:request',
    'check:run',
    'folders:list',
    'entity:duplicateVariant',
    'entity:rename',
    'entity:delete',
    'entity:undo',
    'help:state',
    'help:seen',
    'harness:capture',
    'harness:saveCaptureCase',
    'harness:run',
    'compare:set',
    'compare:routing',
    'compare:matrix',
    'compare:matrixCell',
    'compare:approve',
    'compare:cache',
    'compare:budgets',
    'compare:copy',
    'debug:marks',
    'run:send',
    'run:cancel',
    'run:history',
    'run:open',
    'run:countTokens',
    'run:cacheCheck',
    'eval:tests',
    'eval:start',
    'eval:request',
    'connections:get',
    'connections:set',
    'connections:remove',
    'connections:options',
    'connections:test',
  ]),
);

export const EVENT_NAMES: readonly EventName[] = Object.freeze(
  everyEvent([
    'workspace:changed',
    'doc:changedOnDisk',
    'doc:text',
    'preview:result',
    'preview:tokens',
    'bundle:progress',
    'menu:command',
    'host:notice',
    'compare:result',
    'compare:tokens',
    'compare:matrixTokens',
    'compare:matrixProgress',
    'run:event',
    'eval:progress',
    'eval:cells',
  ]),
);
