import { createSlot } from '../ui/slots';

/** Actions on one built column (copy its prompt or its request); app/ fills it. */
export const columnActions = createSlot<{ column: number; label: string }>('compare column actions');
