import { CLIENT_KINDS, CLIENT_PROFILES, type ClientKind } from '../../sim/params';
import type { MessageId } from '../i18n';

/** The label of each client on the page: its profile's `label`. */
export const CLIENT_LABELS: Readonly<Record<ClientKind, MessageId>> = Object.freeze(
  Object.fromEntries(CLIENT_KINDS.map((k) => [k, CLIENT_PROFILES[k].label])) as Record<ClientKind, MessageId>,
);

/** One line on what each client does with what the API server sends: its profile's `help`. */
export const CLIENT_HELP: Readonly<Record<ClientKind, MessageId>> = Object.freeze(
  Object.fromEntries(CLIENT_KINDS.map((k) => [k, CLIENT_PROFILES[k].help])) as Record<ClientKind, MessageId>,
);
