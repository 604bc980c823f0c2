import type { ClientKind } from '../../sim';
import type { MessageId } from '../i18n';

/** The label of each client on the page. */
export const CLIENT_LABELS: Readonly<Record<ClientKind, MessageId>> = {
  'client-go': 'controls.clientGo',
  checked: 'controls.clientChecked',
  shardinfo: 'controls.clientShardinfo',
  ksm: 'controls.clientKsm',
  'ksm-2.18': 'controls.clientKsm218',
};

/** One line on what each client does with what the API server sends. */
export const CLIENT_HELP: Readonly<Record<ClientKind, MessageId>> = {
  'client-go': 'controls.clientGoHelp',
  checked: 'controls.clientCheckedHelp',
  shardinfo: 'controls.clientShardinfoHelp',
  ksm: 'controls.clientKsmHelp',
  'ksm-2.18': 'controls.clientKsm218Help',
};
