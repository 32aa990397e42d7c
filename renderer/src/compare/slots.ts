import { createSlot } from '../ui/slots';

/** Actions on one built column (copy its prompt or its request); app/ fills it. */
export const columnActions = createSlot<{ column: number; label: string }>('compare column actions');

/** Above the columns: what runs them (the message, send to all); app/ fills it. */
export const columnsRunBar = createSlot<Record<string, never>>('compare columns run bar');

/**
 * A row of the columns' grid under their headers: the row's key cell, then one cell per
 * column (`columns` of them), e.g. each column's Run and its reply; app/ fills it.
 */
export const columnsRunRow = createSlot<{ columns: number }>('compare columns run row');
