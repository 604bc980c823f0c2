/**
 * The facts each message of the catalogue states, for the messages outside the stories and the
 * `(?)` explanations (a story step cites through its `sources`, an explanation through
 * `src/ui/explain/sources.ts`). Keys are message ids of `src/i18n/en.ts`; the zh-CN message of
 * the same id says the same thing. tests/facts checks that every English message that mentions a
 * subject (`./terms`) is cited by one of the three, or is in {@link NAMES_ONLY}, and that each fact
 * cited here is about something its message mentions.
 */
import type { FactId } from './table';

export const MESSAGE_SOURCES = {
  // The parser's refusals, in plain words.
  'apiError.unsupported-function': ['parser-cel'],
  'apiError.unexpected-expression': ['parser-cel'],
  'apiError.argument-count': ['parser-call'],
  'apiError.field-path': ['parser-call'],
  'apiError.unsupported-field': ['parser-call'],
  'apiError.missing-digits': ['parser-bounds'],
  'apiError.too-long': ['parser-bounds'],
  'apiError.invalid-hex-char': ['parser-bounds'],
  'apiError.bad-17-digit': ['parser-bounds'],
  'apiError.short-hex': ['parser-bounds'],
  'apiError.start-not-less': ['half-open'],

  'bandwidth.modeJump': ['ksm-client-side'],
  'bandwidth.metricsServer': ['gate-alpha'],
  'bandwidth.metricsNoneGateOff': ['metrics', 'gate-off-ignores'],
  'bandwidth.relistBytes': ['informer-start'],

  'card.canonical': ['canonical'],
  'card.listPreviewInformer': ['reflector-requests'],
  'card.listPreviewStreaming': ['shardinfo-list', 'watch-list-default'],
  'card.listRemainingUnfiltered': ['empty-predicate'],
  'card.listPreviewNoShardInfo': ['gate-off-ignores'],
  'card.memory': ['client-go-no-check'],
  'card.badgeFallbackTitle': ['gate-off-ignores'],
  'card.badgeNaive': ['gate-off-ignores'],
  'card.badgeNaiveTitle': ['gate-off-ignores'],
  'card.badgeRejected': ['http500'],
  'card.badgeClientErrorTitle': ['gate-off-ignores'],
  'card.rejectedBody': ['http500'],
  'card.settlingTitle': ['informer-start'],
  'card.noSelector': ['shardinfo-list', 'client-go-no-check'],
  'card.noSelectorTrust': ['client-go-no-check'],
  'card.selectorIgnored': ['gate-off-ignores'],
  'card.memoryHelp': ['client-go-no-check'],

  'controls.bookmarkEverySec': ['bookmarks'],
  'controls.gate': ['gate-alpha'],
  'controls.gateShort': ['gate-alpha'],
  'controls.clientModeJump': ['ksm-client-side'],
  'controls.clientCache': ['client-go-no-check'],
  'controls.clientCacheOwned': ['ksm-client-side'],
  'controls.clientGo': ['client-go-no-check'],
  'controls.clientChecked': ['client-go-no-check'],
  'controls.clientShardinfo': ['shardinfo-list'],
  'controls.clientKsm': ['ksm-client-side'],
  'controls.clientKsm218': ['ksm-bookmarks'],
  'controls.clientGoHelp': ['client-go-no-check'],
  'controls.clientCheckedHelp': ['client-go-no-check', 'watch-list-default'],
  'controls.clientShardinfoHelp': ['shardinfo-list', 'gate-off-ignores', 'rewatch'],
  'controls.clientKsmHelp': ['ksm-client-side', 'ksm-bookmarks', 'selector-param'],
  'controls.clientKsm218Help': ['ksm-218-list', 'ksm-bookmarks', 'ksm-continue', 'relist-on-gone', 'bookmark-moves-rv'],

  'cost.hashesRow': ['filter-per-watcher'],
  'cost.sendRow': ['write-per-watcher'],
  'cost.apfRow': ['apf-list-cost'],
  'cost.summaryNone': ['gate-off-ignores'],

  'docs.shot.headlineFailure': ['gate-off-ignores'],
  'docs.shot.listPreviewGateOff': ['gate-off-ignores'],
  'docs.shot.reshardHandoff': ['informer-start'],
  'docs.shot.focusRelists': ['informer-start'],

  'editor.quickFixTitle': ['parser-bounds'],
  'editor.validIgnored': ['gate-off-ignores'],
  'editor.empty': ['selector-param'],

  'flow.gateOn': ['gate-alpha'],
  'flow.gateOff': ['gate-alpha'],
  'flow.legendBookmark': ['bookmarks'],
  'flow.description': ['bookmarks', 'filter-per-watcher'],

  'handoff.relist': ['informer-start'],

  'hash.subtitle': ['fnv'],
  'hash.tipHash': ['fnv'],
  'hash.dotOwnersSame': ['gate-off-ignores', 'client-go-no-check', 'ksm-client-side'],

  'lab.sol.gates': ['gate-alpha'],
  'lab.cond.gateOn': ['gate-alpha'],
  'lab.cond.gateOff': ['gate-alpha'],
  'lab.cond.noErrors': ['http500'],
  'lab.cond.relists': ['informer-start'],
  'lab.cond.relistsCause': ['informer-start'],
  'lab.ex.cover-three.hint1': ['half-open'],
  'lab.ex.cover-three.hint3': ['parser-bounds'],
  'lab.ex.cover-three.explain': ['parser-bounds'],
  'lab.ex.refused-five.task': ['http500'],
  'lab.ex.refused-five.hint1': ['parser-bounds'],
  'lab.ex.refused-five.hint2': ['parser-call'],
  'lab.ex.refused-five.explain': ['parser-bounds', 'parser-call'],
  'lab.ex.double-share.hint2': ['parser-bounds'],
  'lab.ex.owner-of-uid.hint1': ['fnv'],
  'lab.ex.owner-of-uid.explain': ['fnv'],
  'lab.ex.saving-4x.task': ['gate-off-ignores'],
  'lab.ex.saving-4x.hint1': ['gate-off-ignores'],
  'lab.ex.saving-4x.hint3': ['gate-alpha'],
  'lab.ex.saving-4x.explain': ['gate-alpha'],
  'lab.ex.gate-on-safely.title': ['gate-alpha'],
  'lab.ex.gate-on-safely.task': ['gate-off-ignores', 'http500'],
  'lab.ex.gate-on-safely.hint1': ['gate-off-ignores'],
  'lab.ex.gate-on-safely.hint3': ['parser-bounds'],
  'lab.ex.gate-on-safely.explain': ['http500'],
  'lab.ex.namespace-balance.task': ['fields'],
  'lab.ex.reshard-few-moves.task': ['informer-start'],
  'lab.ex.reshard-few-moves.hint2': ['ksm-client-side', 'parser-cel'],
  'lab.ex.reshard-few-moves.hint3': ['informer-start'],
  'lab.ex.reshard-few-moves.explain': ['informer-start'],
  'lab.ex.rollout-cache-all.task': ['gate-off-ignores', 'client-go-no-check'],
  'lab.ex.rollout-cache-all.hint1': ['gate-off-ignores'],
  'lab.ex.rollout-cache-all.hint2': ['gate-off-ignores'],
  'lab.ex.rollout-cache-all.hint3': ['client-go-no-check'],

  'lifecycle.initialListOnlyList': ['watch-list-default', 'ksm-218-list'],
  'lifecycle.routing': ['http2-connection'],
  'lifecycle.routingL4': ['http2-connection'],
  'lifecycle.routingL7': ['http2-connection'],
  'lifecycle.goaway': ['goaway'],
  'lifecycle.routingHelp': ['http2-connection', 'goaway', 'rewatch'],
  'lifecycle.rolloutHelp': ['gate-alpha', 'rewatch', 'relist-on-gone', 'http2-connection'],
  'lifecycle.rolloutGate': ['gate-alpha'],
  'lifecycle.initialListHelp': ['watch-list-default', 'shardinfo-list'],
  'lifecycle.list': ['watch-list-default'],
  'lifecycle.watchList': ['watch-list-default'],
  'lifecycle.watchTimeoutsHelp': ['reflector-requests', 'server-watch-timeout', 'rewatch'],
  'lifecycle.relistChart': ['informer-start'],
  'lifecycle.summary': ['rewatch', 'relist-on-gone'],

  'memory.cacheRow': ['client-go-no-check'],
  'ownerChange.notice': ['ksm-client-side'],

  'replay.unfiltered': ['gate-off-ignores'],
  'replay.note': ['bookmarks', 'filter-per-watcher'],

  'schedule.strategy.jump-hash': ['ksm-client-side'],
  'schedule.clientOnly': ['ksm-client-side', 'parser-cel'],

  'story.rollout.title': ['gate-alpha'],

  'verdict.http500': ['http500'],
  'verdict.trust': ['gate-off-ignores'],
  'verdict.skewTrust': ['gate-off-ignores'],
  'verdict.skewTrustPast': ['gate-off-ignores'],
  'verdict.fallback': ['gate-off-ignores'],

  'yc.hash': ['fnv'],
  'yc.position': ['fnv'],
  'yc.textHash': ['fnv'],
  'yc.failing': ['http500'],
  'yc.clientJump': ['ksm-client-side'],
  'yc.clientJumpPerObject': ['ksm-client-side'],
  'yc.balanceHelpNamespace': ['fields'],
  'yc.colRange': ['half-open'],
  'yc.snippet.informer': ['client-go-no-check'],
  'yc.snippet.listwatch': ['client-go-no-check'],
  'yc.snippetNote.informer': ['blog-post', 'client-go-no-check', 'gate-off-ignores'],
  'yc.snippetNote.listwatch': ['ksm-bookmarks', 'shardinfo-list'],
  'yc.snippetNote.split': ['parser-bounds'],
  'yc.snippetNote.kubectl': ['reflector-requests'],
  'yc.snippetNote.flag': ['gate-alpha', 'gate-off-ignores'],
  'yc.snippetNote.promql': ['metrics'],
} as const satisfies Readonly<Record<string, readonly FactId[]>>;

/**
 * Messages that name a subject without saying anything about Kubernetes, each with why. Keep it
 * short: a message that says how something behaves cites a fact instead.
 */
export const NAMES_ONLY = {
  'story.countdown.restart': 'a countdown to the restart the story scheduled in the model',
  'yc.snippet.statefulset': 'the title of the StatefulSet snippet: it names what the code is',
  'import.eventsValue': 'counts of the event types found in an imported file',
  'flow.stepEvents': 'counts of the events the model played in the last step',
  'import.fmt.json-pages': 'the name of a file format the import reads (kubectl get --raw output)',
} as const satisfies Readonly<Record<string, string>>;
