import { createContext, useContext } from 'react';
import type { StoryCardField } from '../../stories';

/**
 * Issue 19, point 3: the parts of each replica card a story step puts on the stage (the head,
 * with its name, server, gate and badges, always shows). Null: the whole card, as on the page.
 */
export const CardFieldsContext = createContext<ReadonlySet<StoryCardField> | null>(null);

/** Issue 19, point 3: whose cards a story step puts on the stage (0-based); null: every replica's. */
export const CardReplicasContext = createContext<readonly number[] | null>(null);

/** Whether a card shows `field` here. */
export function useCardField(): (field: StoryCardField) => boolean {
  const fields = useContext(CardFieldsContext);
  return (field) => fields === null || fields.has(field);
}

/** Issue 19, point 3: how many columns of cards the stage lays out (null: the page's own grid). */
export const CardColumnsContext = createContext<1 | 2 | null>(null);
