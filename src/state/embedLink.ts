/**
 * Embed links: `#embed=<panel>` beside a run's state (`s=`), with
 * `&interactive=1` for an embed the reader may change, and `lang=` as anywhere else. A panel is
 * `hash`, `bandwidth`, `flow` or `card:N` (replica N's card, 0-based).
 */

export type EmbedPanel = { readonly kind: 'hash' } | { readonly kind: 'bandwidth' } | { readonly kind: 'flow' } | { readonly kind: 'card'; readonly replica: number };

/** What an embed fragment asks for; `panel` is null when the name is not a panel (said on the page). */
export interface EmbedRequest {
  readonly panel: EmbedPanel | null;
  /** The name as given (for the message when it is not a panel). */
  readonly name: string;
  readonly interactive: boolean;
}

/** The embed a fragment asks for, or null when it names none (the full page). */
export function embedOf(hash: string): EmbedRequest | null {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const name = q.get('embed');
  if (name === null) return null;
  return { panel: parseEmbedPanel(name), name, interactive: q.get('interactive') === '1' };
}

/** A panel name (`hash`, `bandwidth`, `flow`, `card:N` with N from 0 to 63), or null. */
export function parseEmbedPanel(name: string): EmbedPanel | null {
  if (name === 'hash' || name === 'bandwidth' || name === 'flow') return { kind: name };
  const m = /^card:(\d{1,2})$/.exec(name);
  if (m && Number(m[1]) < 64) return { kind: 'card', replica: Number(m[1]) };
  return null;
}

/** A panel's name in a link. */
export function embedPanelName(p: EmbedPanel): string {
  return p.kind === 'card' ? `card:${p.replica}` : p.kind;
}

/**
 * The fragment of an embed: the panel, then the run's own fragment without its `#` (a `s=` or
 * `state=` link, with its language), then `interactive=1` when asked.
 */
export function embedFragment(panel: EmbedPanel, stateHash: string, interactive: boolean): string {
  const state = stateHash.replace(/^#/, '');
  return `#embed=${embedPanelName(panel)}${state ? `&${state}` : ''}${interactive ? '&interactive=1' : ''}`;
}
