import { createContext, useContext } from 'react';
import type { StoryCardField } from '../../stories';

/**
 * The parts of each replica card a story step puts on the stage (the head,
 * with its name, server, gate and badges, always shows). Null: the whole card, as on the page.
 */
export const CardFieldsContext = createContext<ReadonlySet<StoryCardField> | null>(null);

/** Whose cards a story step puts on the stage (0-based); null: every replica's. */
export const CardReplicasContext = createContext<readonly number[] | null>(null);

/** Whether a card shows `field` here. */
export function useCardField(): (field: StoryCardField) => boolean {
  const fields = useContext(CardFieldsContext);
  return (field) => fields === null || fields.has(field);
}

/** How many columns of cards the stage lays out (null: the page's own grid). */
export const CardColumnsContext = createContext<1 | 2 | null>(null);
