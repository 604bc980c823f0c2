/**
 * The English message catalogue. Every string the UI shows comes from here (apiserver
 * artefacts such as error messages, metric names and URLs are shown verbatim and are not
 * translated: people copy them into their clusters). Another locale provides the same ids.
 *
 * A message is a string with `{name}` placeholders, or plural forms keyed by
 * `Intl.PluralRules` category (`one`, `other`, ...) selected by the `count` parameter.
 *
 * Layout, so that the catalogues can be read side by side: keys are grouped by namespace (the
 * part before the first dot), namespaces in alphabetical order, each once and headed by a
 * `// <namespace>: ...` comment saying what part of the page it serves. Every other locale
 * lists the same keys in this order (order.test.ts checks both).
 */

/** Plural forms of one message; `other` is required (Chinese uses only `other`). */
export interface PluralMessage {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

export type Message = string | PluralMessage;

export const en = {
  // apiError: a plain sentence under each apiserver error (the error itself stays English)
  'apiError.empty': 'The selector is empty after trimming spaces; leave the parameter out to list everything.',
  'apiError.syntax': 'The text is not a valid CEL expression, so the parser stops at the position shown.',
  'apiError.unsupported-function': 'Only shardRange() calls joined with || are allowed; &&, !, comparisons and other functions are refused.',
  'apiError.unexpected-expression': 'The whole selector must be a shardRange() call or several joined with ||, not a bare value.',
  'apiError.argument-count': 'shardRange() takes exactly three arguments: the field, the start and the end.',
  'apiError.field-path': 'The first argument must be a field path such as object.metadata.uid, not another expression.',
  'apiError.unsupported-field': 'Only object.metadata.uid and object.metadata.namespace can be sharded on.',
  'apiError.not-string-literal': 'The start and end must be quoted strings such as \'0x8000000000000000\'.',
  'apiError.missing-prefix': 'A bound must start with 0x.',
  'apiError.missing-digits': 'A bound needs hex digits after 0x.',
  'apiError.too-long': 'A bound has at most 17 hex digits (16, or 2^64 written as 0x10000000000000000).',
  'apiError.invalid-hex-char': 'Only the lowercase hex digits 0-9 and a-f are allowed; uppercase letters are refused.',
  'apiError.bad-17-digit': 'The only 17-digit bound allowed is 0x10000000000000000 (2^64, the end of the hash space).',
  'apiError.short-hex': 'A bound has 16 hex digits (only 2^64 has 17); pad it with leading zeros.',
  'apiError.start-not-less': 'Each range is [start, end): the start must be less than the end.',
  'apiError.mixed-fields': 'All ranges of one selector must hash the same field.',

  // app: the page’s name and tagline, loading, the skip link
  'app.name': 'ShardScope',
  'app.tagline': 'Server-side sharded LIST & WATCH · Kubernetes v1.36 · KEP-5866',
  'app.loading': 'Generating {count} objects…',
  'app.skipToMain': 'Skip to the simulation',
  'app.replaying': 'Going back to {time}: no checkpoint is left that far back, so the run replays from the start…',

  // bandwidth: the client-side vs server-side panel: headline, egress, CPU, memory, charts, audit
  'bandwidth.title': 'Client-side vs server-side sharding',
  'bandwidth.subtitle': 'Same cluster, same event stream',
  'bandwidth.headline': {
    one: '{count} replica: server-side sends {ratio}× less',
    other: '{count} replicas: server-side sends {ratio}× less',
  },
  'bandwidth.headlineSame': {
    one: '{count} replica: both modes send the same',
    other: '{count} replicas: both modes send the same',
  },
  'bandwidth.clientSide': 'Client-side ({mode})',
  'bandwidth.serverSide': 'Server-side',
  'bandwidth.modeRanges': 'hash ranges',
  'bandwidth.modeJump': 'jump hash',
  'bandwidth.perReplicaBytes': 'Received per replica',
  'bandwidth.egress': 'API-server egress',
  'bandwidth.decodeCpu': 'Decode CPU',
  'bandwidth.memory': 'Memory (all replicas)',
  'bandwidth.chartLabel': '{metric}: client-side {client}, server-side {server}',
  'bandwidth.audit': 'Ownership audit',
  'bandwidth.auditMode': '{mode}:',
  'bandwidth.auditOk': 'Every live object has exactly one owner.',
  'bandwidth.auditGaps': {
    one: '{formatted} object owned by no replica',
    other: '{formatted} objects owned by no replica',
  },
  'bandwidth.auditDuplicates': {
    one: '{formatted} object owned by more than one replica',
    other: '{formatted} objects owned by more than one replica',
  },
  'bandwidth.metrics': 'API-server metrics',
  'bandwidth.waiting': 'Press Play to run the event stream.',
  'bandwidth.burstMark': 'rolling update, namespace {namespace}',
  'bandwidth.hottest': 'hottest: {replica} {value} ({factor}× the mean)',
  'bandwidth.metricsServer': '# apiserver-{index} (ShardedListAndWatch={gate})',
  'bandwidth.metricsNoneGateOff':
    '# nothing to print: with the gate off this server registers neither sharding metric, and it ignores shardSelector',
  'bandwidth.metricsNoneYet': '# no series yet: no sharded watch has been opened on this server; a metric with no series prints nothing',
  'bandwidth.metricsNoFilteredYet': '# {metric}: no series yet: no event has been filtered out on this server so far',
  'bandwidth.relistBytes': 'Relist bytes',
  'bandwidth.handoff': 'Objects without an owner or with two',
  'bandwidth.reshardMark': 'reshard {from} → {to}',
  'bandwidth.auditOkShort': 'one owner each',
  'bandwidth.auditGapsShort': { one: '{formatted} with no owner', other: '{formatted} with no owner' },
  'bandwidth.auditDuplicatesShort': { one: '{formatted} with 2+ owners', other: '{formatted} with 2+ owners' },

  // base: the public address that links and QR codes use (a page opened from a file)
  'base.label': 'Public address for links and QR codes',
  'base.save': 'Use this address',
  'base.clear': 'Use this page’s address',
  'base.using': 'Links use the public address {base}.',
  'base.local': 'This link only works on this machine: the page was opened from a file (file://). Enter the public address where ShardScope is published, and the QR code and Copy link use it.',
  'base.reason.not-a-url': 'is not a web address',
  'base.reason.scheme': 'is not an http:// or https:// address',
  'base.reason.credentials': 'carries a user name or password',
  'base.reason.too-long': 'is longer than 2,048 characters',
  'base.noticeQuery': 'The public address in ?base= ({text}) {reason}, so links and QR codes use {base} instead.',
  'base.noticeSetting': 'The saved public address ({text}) {reason}, so links and QR codes use {base} instead.',
  'base.notSaved': 'Not saved: this address {reason}.',
  'base.foreignTitle': 'Links go to another site',
  'base.foreignAsk': 'This page was opened with a link whose ?base= sends Copy link and the QR code to another site, {site}, not to this one, {own}. Where should they send people?',
  'base.foreignOwn': 'This site',
  'base.foreignUse': 'The other site',
  'base.foreignUsing': 'Links and this QR code go to another site, {site}, as chosen for this tab.',

  // card: a replica’s card: selector, request URL, LIST preview, metrics, rates, failures, memory
  'card.title': 'replica-{replica}',
  'card.server': 'via {server}',
  'card.selector': 'Shard selector of replica-{replica}',
  'card.canonical': 'Canonical form',
  'card.requestUrl': 'Watch request',
  'card.clipped': { one: '… and {count} more character (Copy takes all)', other: '… and {count} more characters (Copy takes all)' },
  'card.copy': 'Copy',
  'card.copied': 'Copied',
  'card.copyUrl': 'Copy the request URL of replica-{replica}',
  'card.listPreview': 'LIST response',
  'card.listPreviewKind': 'Which LIST',
  'card.listPreviewInformer': 'Informer’s first LIST',
  'card.listPreviewPaged': 'First page of {size}',
  'card.listPreviewStreaming': 'replica-{replica} syncs by streaming list (a WATCH with sendInitialEvents=true): it never receives a list page, nor shardInfo. A LIST with its selector returns:',
  'card.listRemainingUnfiltered': 'v1.36.0 to v1.36.3 set remainingItemCount as for an unfiltered list: the stored pods from this page’s start, less the limit, not this shard’s (SelectionPredicate.Empty ignores the shard selector); v1.37.0-beta.0 leaves it out of sharded pages',
  'card.listPreviewNoShardInfo': 'no metadata.shardInfo: the server ignored the selector',
  'card.listItems': { one: '{formatted} pod', other: '{formatted} pods' },
  'card.owned': 'Objects owned',
  'card.events': 'Events / s',
  'card.bytes': 'Bytes / s',
  'card.received': 'received',
  'card.kept': 'kept',
  'card.memory': 'Informer memory',
  'card.receivedVsKept': '{received} received · {kept} kept',
  'card.clientSideReceives': 'client-side: {bytes} received',
  'card.badgeFallback': 'Filters the whole stream locally',
  'card.badgeFallbackTitle': 'Its API server has the gate off and sends everything; this replica’s client checks every object itself',
  'card.badgeNaive': 'Gate off: caches everything',
  'card.badgeNaiveTitle': 'Its API server has the gate off and sends the whole collection; its client checks nothing and caches all of it, silently',
  'card.badgeRejected': 'HTTP 500',
  'card.badgeRejectedTitle': 'The API server rejected the selector',
  'card.badgeSharded': 'Server-side sharded',
  'card.badgeClientError': 'Stopped: bad selector',
  'card.badgeClientErrorTitle': 'The server ignored the selector (gate off), and the replica cannot parse it to filter on its side',
  'card.rejectedBody': 'invalid shard selector: {message}',
  'card.showMore': 'Show {count} more replicas',
  'card.showLess': 'Show fewer replicas',
  'card.settling': 'settling, {seconds} s',
  'card.settlingTitle': 'Measured only since the last change: the rate window is full in {seconds} s. Until then these are not steady-state figures (the chart keeps the relist spike).',
  'card.noSelector': 'No selector, so the API server returns the whole collection, without shardInfo (client-go leaves out an empty parameter).',
  'card.noSelectorFallback': 'Its local check has nothing to filter by: this replica keeps every object.',
  'card.noSelectorTrust': 'client-go checks nothing: this replica keeps every object it is sent.',
  'card.rateNone': '—',
  'card.noRatesTitle': 'The run has not measured any time yet: there is no rate to show until it plays',
  'card.paused': 'paused',
  'card.pausedTitle': 'The run is paused: these are the rates of the last window before the pause',
  'card.pausedMark': '(paused)',
  'card.selectorIgnored': 'apiserver-{server} has the ShardedListAndWatch gate off: it ignores this selector and sends the whole collection.',
  'card.listSentWhole': {
    one: '{formatted} pod sent, {bytes}: the whole collection (the server did not filter)',
    other: '{formatted} pods sent, {bytes}: the whole collection (the server did not filter)',
  },
  'card.listSentShard': { one: "{formatted} pod sent, {bytes}: this replica's shard only", other: "{formatted} pods sent, {bytes}: this replica's shard only" },
  'card.listKeptFallback': {
    one: 'its own check: replica-{replica} keeps {formatted} pod ({bytes}) of the {sent} it decoded',
    other: 'its own check: replica-{replica} keeps {formatted} pods ({bytes}) of the {sent} it decoded',
  },
  'card.listKeptTrust': {
    one: 'no check: replica-{replica} caches all {formatted} pod ({bytes}), its own or not',
    other: 'no check: replica-{replica} caches all {formatted} pods ({bytes}), its own or not',
  },
  'card.listKeptNone': 'replica-{replica} decoded all {sent} and keeps none: its own check cannot parse the selector',
  'card.listPending': 'fetching the new response…',
  'card.memoryHelp': 'Informer cache of this replica under each client style, its LIST peak and decode allocation',
  'card.memoryCache': 'cache: {style}',
  'card.memoryListPeak': 'LIST peak',
  'card.memoryAlloc': 'decode allocation',
  'card.rangeLimit':
    'All selectors together would hold {total} ranges; ShardScope simulates at most {limit} across all replicas, so the run keeps the last selectors that fit. Remove ranges to apply this one.',

  // cards: the row of replica cards
  'cards.title': 'Replicas',

  // controls: the control panel: cluster, churn, encoding, replicas, client styles, API servers
  'controls.title': 'Parameters',
  'controls.cluster': 'Cluster',
  'controls.objects': 'Objects (pods)',
  'controls.namespaces': 'Namespaces',
  'controls.namespaceSkew': 'Namespace skew (Zipf s)',
  'controls.objectBytes': 'Object size (bytes, JSON)',
  'controls.encoding': 'Encoding',
  'controls.encodingJson': 'JSON',
  'controls.encodingProtobuf': 'Protobuf',
  'controls.churn': 'Churn (events per second)',
  'controls.addedPerSec': 'ADDED / s',
  'controls.modifiedPerSec': 'MODIFIED / s',
  'controls.deletedPerSec': 'DELETED / s',
  'controls.churnPer1000': 'Per 1,000 objects: {added} ADDED, {modified} MODIFIED, {deleted} DELETED a second. A new object count keeps these, and scales the rates above.',
  'controls.bookmarkEverySec': 'BOOKMARK per watch every (s; kube-apiserver: 60)',
  'controls.replicasGroup': 'Controller replicas',
  'controls.replicas': 'Replicas',
  'controls.shardKey': 'Shard key (a field of object.metadata)',
  'controls.resetSplit': 'Equal split',
  'controls.resetSplitHint': 'Give every replica an equal range again',
  'controls.apiServersGroup': 'API servers',
  'controls.apiServers': 'API servers',
  'controls.gate': 'ShardedListAndWatch on {name}',
  'controls.gateShort': 'gate',
  'controls.clientGroup': 'Clients',
  'controls.clientMode': 'Client-side baseline',
  'controls.clientModeRanges': 'Our hash ranges',
  'controls.clientModeJump': 'kube-state-metrics (jump hash)',
  'controls.fallbackOn': 'on',
  'controls.fallbackOff': 'off',
  'controls.keptRunning': 'The simulation keeps the last valid value.',
  'controls.clientCache': 'Informer cache holds',
  'controls.clientCacheOwned': 'Its share (filter first, as kube-state-metrics)',
  'controls.clientCacheAll': 'All it receives (as controller-runtime)',
  'controls.refusedAdds': {
    one: '{formatted} add refused: the cluster holds at most {max} live objects, so adds wait for deletes to make room.',
    other: '{formatted} adds refused: the cluster holds at most {max} live objects, so adds wait for deletes to make room.',
  },
  'controls.client': 'Client each replica runs',
  'controls.clientGo': 'client-go as shipped (v1.36)',
  'controls.clientChecked': 'client-go + local check',
  'controls.clientShardinfo': 'reads shardInfo (LIST)',
  'controls.clientKsm': 'kube-state-metrics v2.20',
  'controls.clientKsm218': 'kube-state-metrics v2.18',
  'controls.clientGoHelp': 'An informer built with WithTweakListOptions, as shipped: client-go reads neither shardSelector nor shardInfo, so it caches whatever arrives. The default.',
  'controls.clientCheckedHelp': 'client-go plus the controller’s own check of every listed object and every event with the same matcher, before the cache: the only check that works with streaming lists.',
  'controls.clientShardinfoHelp': 'Checks shardInfo on its LIST pages and trusts the stream after one; without it, filters locally. Lists then watches. It breaks when a resumed watch lands on a gate-off server.',
  'controls.clientKsmHelp': 'kube-state-metrics v2.20.0: client-side sharding (FNV-1a of the uid, then jump hash), filtered inside its ListWatch; bookmarks pass through. kube-state-metrics itself sends no shardSelector: in the server-side column this profile sends the replica’s selector, as a kube-state-metrics that adopted it would, and checks every object against the same ranges.',
  'controls.clientKsm218Help': 'kube-state-metrics v2.18.0 (client-go v0.34, LIST then WATCH): its watch.Filter also filters BOOKMARKs, whose empty uid hashes to one shard, so every other shard’s resourceVersion lags and a resume can get 410 Gone. Like every release before v2.20.0, it also drops the continue token of a LIST answered in pages (not modelled: the model’s lists are single pages).',

  // cost: the API server’s cost, under the client-side vs server-side panel
  'cost.title':
    'API servers, expected',
  'cost.cpuRow':
    'CPU of the watch streams',
  'cost.checksRow':
    'of which shard checks',
  'cost.encodeRow':
    'of which encoding, once per event',
  'cost.sendRow':
    'of which each watcher’s write, framing and TLS',
  'cost.hashesRow':
    'FNV-1a hashes',
  'cost.egressRow':
    'Egress',
  'cost.decodeRow':
    'Client decode CPU, all replicas',
  'cost.syncRow':
    'A new sync of every replica, once',
  'cost.apfRow':
    'APF seats per sync, charged for all {objects} objects',
  'cost.sentRow':
    'Objects a sync sends, per replica',
  'cost.cpuSeconds':
    '{value} CPU·s',
  'cost.seats':
    '{value} seats',
  'cost.objects':
    '{value} objects',
  'cost.summaryMore':
    'Server-side sharding costs the API servers {cpu} more, and saves {egress} of egress and {decode} on the clients.',
  'cost.summaryLess':
    'Server-side sharding costs the API servers {cpu} less (each event is written to fewer watchers), and saves {egress} of egress and {decode} on the clients.',
  'cost.summaryNone': 'No API server filters (the gate is off): server-side sharding neither costs nor saves anything; every replica gets the whole stream.',

  // docs: README screenshot captions, in docShots.ts order: alt text in README.md (README.zh-CN.md
  // uses the zh-CN text; src/ui/i18n/readme-captions.test.ts keeps them equal), so no square brackets
  'docs.shot.zhCN': 'ShardScope in Simplified Chinese at 1280×720',
  'docs.shot.overview': 'ShardScope at 1280×720: 4 replicas with equal ranges; server-side sharding sends 4.0× less',
  'docs.shot.headlineFailure':
    'The headline in a failure case: both modes send the same, but every object has more than one owner, and 4 replicas are on gate-off API servers and cache the whole collection, silently',
  'docs.shot.memory':
    'Memory under both client styles: caching everything costs N times the server-side total; the LIST peak and decode allocation per mode',
  'docs.shot.listPreviewGateOff':
    'LIST previews: a gate-on API server sends only the shard, with shardInfo; a gate-off one sends the whole collection, and a client that checks keeps the replica’s share',
  'docs.shot.reshardHandoff':
    'A 4 → 5 reshard: relist bytes and the objects without an owner or with two over time, then the hand-off report',
  'docs.shot.timelineReach': 'The timeline after 18 minutes at 1,000,000 objects: the first 9 minutes are hatched, no checkpoint is left there',
  'docs.shot.presentation':
    'Presentation mode at 1280×720: the headline and the audit, the hash space and the four comparison charts on one screen',
  'docs.shot.presentation1920': 'Presentation mode at 1920×1080: the same stage with room for the axes and the explanations',
  'docs.shot.presentation150': 'Presentation mode during a story at 1280×720 zoomed to 150%: the whole narration in 19.5 screen px, the stage on one screen',
  'docs.shot.focusCards': 'The focus view at 1280×720: “Owned is not received”, the four replicas’ owned counts, events and bytes, client-side beside server-side',
  'docs.shot.focusCards150': 'The focus view on a 1280×720 screen at 150% zoom: “More replicas, more waste”, the egress chart above one row per replica with its bytes, text 18 screen px or more',
  'docs.shot.focusRelists': 'The focus view at 1280×720: “Relist bytes”, the relist chart beside the hand-off report',
  'docs.shot.storyStep': 'A story step: the caption bar with the narration and a question for the class',
  'docs.shot.lab': 'The lab at 1280×720: an exercise’s task, and its check computed from the model as the trainee works',
  'docs.shot.presenter': 'The presenter view at 1280×720: the step’s speaker notes, the next step, story progress, the talk timer and the time of day',
  'docs.shot.deckStep': 'One step exported as a slide at 1920×1080: the caption bar and the stage of “Owned is not received”, without buttons',
  'docs.shot.video': 'A frame of a recorded video at 1920×1080, decoded from the WebM: step 2 of “The problem”, its caption burned in above the four replicas’ cards',
  'docs.shot.embed': 'The hash space embedded in a blog post on another origin at 1280×720, from the “Copy embed code” snippet: read-only, with a link to the full simulator',

  // editor: the selector editor: the parser’s verdict, quick fixes, the last valid selector
  'editor.quickFix': 'Use {suggestion}',
  'editor.quickFixTitle': 'Pad to 16 hex digits, as the apiserver suggests',
  'editor.valid': 'Accepted by the apiserver parser',
  'editor.validIgnored': 'Valid, but not applied: {server} has the ShardedListAndWatch gate off and ignores it',
  'editor.errorPrefix': 'Rejected by the apiserver parser:',
  'editor.errorPending': 'A syntax error; the apiserver parser’s exact message is loading…',
  'editor.lastGood': 'The last valid selector keeps its place in the hash space.',
  'editor.position': '(line {line}, column {column})',
  'editor.hint': 'Hint:',
  // A paste far over the API server’s limit is refused before it reaches the page.
  'editor.tooLong': 'That paste has {length} characters; a selector holds at most {limit} (the API server’s limit), so it was not applied.',
  'editor.empty': 'Empty: no shardSelector parameter is sent, so this replica asks for everything.',

  // embed: a panel embedded in another page, and the embed code to copy
  'embed.unknown': 'There is no panel {panel} to embed: use hash, bandwidth, flow or card:N.',
  'embed.noCard': 'This run has {count} replicas, so there is no {replica} card to embed.',
  'embed.open': 'Open in ShardScope',
  'embed.readOnly': 'read-only',
  'embed.button': 'Embed…',
  'embed.panel': 'Panel',
  'embed.panel.hash': 'Hash space',
  'embed.panel.bandwidth': 'Client-side vs server-side',
  'embed.panel.flow': 'Event flow',
  'embed.panel.card': '{replica}’s card',
  'embed.interactive': 'Readers may change it (interactive)',
  'embed.title': 'ShardScope: {panel}',
  'embed.copy': 'Copy embed code',
  'embed.copied': 'Copied.',
  'embed.copyFailed': 'The browser did not allow copying: select the code above and copy it.',
  'embed.tooLong': 'This run is too large for a link, so it cannot be embedded.',

  // engine: the model on the page’s own thread when its worker cannot start, and that thread’s budgets
  'engine.fallbackBlocked': 'The simulation worker could not start: this site’s Content-Security-Policy blocks web workers.',
  'engine.fallbackFailed': 'The simulation worker could not start.',
  'engine.fallbackUnsupported': 'The simulation worker could not start: this browser has no module workers.',
  'engine.fallbackLimits':
    'So the model runs on this page’s own thread, where ShardScope runs up to {objects} objects and {changes} changes per second of playback (adds, modifications and deletions per simulated second, times the speed).',
  'engine.budgetObjects':
    '{objects} objects are more than the {max} this page’s own thread can run, so they are not generated. Lower Objects to {max} or fewer; everything else is kept.',
  'engine.budgetChanges':
    'At speed {speed}, {churn} changes per simulated second make {perSecond} changes per second of playback, more than the {max} this page’s own thread can run, so the run does not play. Lower the churn or the speed; everything else is kept.',
  'engine.budgetChangesFit': 'At this churn, speed {speed} fits.',
  'engine.budgetGrown':
    'The cluster has grown to {live} objects, more than the {max} this page’s own thread can run, so the run stopped. Delete faster than you add, or step back; everything else is kept.',

  // error: errors the page itself may show: the simulation, its parameters, a part of the page, the whole app
  'error.engine': 'The simulation stopped: {message}',
  'error.parameters': 'The model refused these parameters: {message}',
  'error.retry': 'Try again',
  // A part of the page that fails to render says so in its place.
  'error.panel': 'This part of the page stopped working ({message}). The rest of the simulator keeps running.',
  'error.panelRetry': 'Try again',
  'error.app': 'ShardScope stopped working ({message}). Reload the page: the address bar holds your run.',
  'error.appReload': 'Reload',

  // explain: the (?) explanation beside a concept
  'explain.open': 'What is this: {topic}',
  'explain.close': 'Close',
  'explain.source': 'Source',
  'explain.fnv.title': 'FNV-1a 64',
  'explain.fnv.text':
    'A fast, simple hash function. It turns a text (here the uid or the namespace) into a 64-bit number. The same text always gives the same number, and different texts spread all over the range.',
  'explain.hashSpace.title': 'The 64-bit hash space',
  'explain.hashSpace.text':
    'Every number FNV-1a 64 can give, from 0x0000000000000000 to just below 2^64 (0x10000000000000000). Each dot is one object placed at its hash; each coloured band is one replica’s range.',
  'explain.range.title': '[start, end)',
  'explain.range.text':
    'A range that includes its start and excludes its end. Where one range ends the next begins, so adjacent ranges never overlap and never leave a gap: every hash has exactly one owner.',
  'explain.shardInfo.title': 'shardInfo',
  'explain.shardInfo.text':
    'metadata.shardInfo.selector on a LIST response: the selector the server applied, in canonical form. Its presence proves the list was filtered; a server with the gate off leaves it out, as does one older than v1.36. Only LIST pages carry it: watch events and the streaming list client-go uses by default have none.',
  'explain.gate.title': 'The feature gate',
  'explain.gate.text':
    'ShardedListAndWatch is an alpha switch of kube-apiserver (Kubernetes v1.36), off by default. Off, the server ignores shardSelector entirely, even a malformed one. A server older than v1.36, or an aggregated API server built on an older library, drops the parameter it does not know and answers the same way.',
  'explain.modes.title': 'Client-side vs server-side sharding',
  'explain.modes.text':
    'Client-side: every replica receives and decodes the whole stream and drops what it does not own. Server-side: each replica sends a shardSelector and the API server sends it only its share.',
  'explain.fallback.title':
    'Checking locally',
  'explain.fallback.text':
    'The controller checks every object it receives with the same matcher before its cache (the checked client). client-go has no such option: the controller adds it. It stays right on a gate-off server, without any saving.',
  'explain.trust.title':
    'No check',
  'explain.trust.text':
    'client-go as shipped: an informer caches whatever the server sends. If the server did not filter (gate off, or a resumed watch on a gate-off server), the replica keeps objects it does not own, silently, and several replicas process the same object.',
  'explain.jump.title': 'Jump hash',
  'explain.jump.text':
    'Jump consistent hash (Lamping and Veach), used by kube-state-metrics: it maps a hash to one of N buckets so that going from N to N+1 moves only about 1/(N+1) of the objects.',
  'explain.mod.title': 'mod N',
  'explain.mod.text':
    'Owner = hash mod N (Prometheus hashmod, Argo CD’s legacy sharder). Simple, but changing N moves most objects to another owner.',
  'explain.equal.title': 'Equal ranges',
  'explain.equal.text':
    'The hash space cut into N ranges of the same width: shard i gets [i·2^64/N, (i+1)·2^64/N). Going from N to N+1 shifts every boundary, so about half of the objects move.',
  'explain.key.title': 'uid or namespace key',
  'explain.key.text':
    'The field that is hashed. uid is the default because every object has its own random uid, so objects spread evenly. With namespace, a whole namespace goes to one replica, and a big namespace makes a hot replica.',
  'explain.kind3.title': 'Expression kind 3',
  'explain.kind3.text':
    'CEL numbers the kinds of expressions: 1 call, 3 identifier, 5 literal, 7 select. Kind 3 means an identifier: usually a bound written without quotes, like start instead of \'0x…\'.',
  'explain.http500.title': 'HTTP 500 for a refused selector',
  'explain.http500.text':
    'With the gate on, a selector the server cannot parse fails the whole request with HTTP 500 and “invalid shard selector: …”. No list, no watch: the replica gets nothing until it is fixed.',
  'explain.decode.title': 'Decode CPU',
  'explain.decode.text':
    'Every event received must be parsed (JSON or protobuf) before a client can even look at its uid. Client-side sharding pays this for every event on every replica.',
  'explain.memory.title': 'Cache memory',
  'explain.memory.text':
    'An informer keeps the objects it holds in memory. Filtering before the cache keeps only the replica’s share; filtering in event handlers caches the whole collection on every replica.',
  'explain.audit.title': 'The ownership audit',
  'explain.audit.text':
    'Counts, for every live object, how many replicas own it. Exactly one is right; none is a gap (nobody processes it) and more than one is a duplicate (processed twice).',
  'explain.settling.title': 'Settling',
  'explain.settling.text':
    'Rates are averages over a short window. Right after a change the window still holds the old behaviour, so figures marked settling are not final yet.',
  'explain.serverCost.title':
    'What sharding costs the API server',
  'explain.serverCost.text':
    'A sharded watch checks every event in its own watcher: one FNV-1a per watcher per event, two for a MODIFIED (old and new object), nothing cached and no index. Serialisation is shared: each event is encoded once for all the watchers it reaches, in both modes. Writing is not: each watcher writes every event it receives into its own stream, framed and encrypted with TLS, about 6.5 µs an event and 0.9 ns a byte, so a client-side event written to every replica costs more than the checks that spare it. A LIST without a limit, or with resourceVersion=0 (which ignores it), scans the whole cache and hashes every object, whatever the shard, and API Priority and Fairness charges a sharded LIST as if it were unfiltered. About 225 ns a hash, as measured for Go’s hash/fnv and formatting by this project’s bench.',
  'explain.watchCache.title':
    'The watch cache',
  'explain.watchCache.text':
    'Each API server keeps recent events in memory: at least 100 and at most 102,400 of them, doubling or halving to hold at least 75 s of history unless it is at 102,400 (75 to 150 s at a steady rate). A watch resumed from an older resourceVersion gets 410 Gone, sent as an ERROR event, and the client relists. BOOKMARKs keep a quiet watch’s resourceVersion fresh; on a resource that sees no writes, etcd’s progress notifications are what move it on. With the watch cache off, watches are served from etcd, and in v1.36.0 to v1.36.3 such a watch with only a shard selector is not filtered at all.',
  'explain.cel.title': 'CEL',
  'explain.cel.text':
    'The Common Expression Language: a small expression language with C-like syntax, and cel-go its Go implementation. The API server reads shardSelector with the cel-go parser, with no macros, and never evaluates it: it walks the syntax tree, where only shardRange() calls joined by || may appear. A text that is not valid CEL fails with “CEL parse error: …” and the parser’s first error.',
  'explain.objectSeconds.title': 'object-seconds',
  'explain.objectSeconds.text':
    'How long objects went without an owner (or with two), added up over the objects: one object for 3 s and three objects for 1 s each make 6 object-seconds. It weighs a hand-off gap by its size and its length together, which a count at one moment cannot: a short gap may be over before anyone looks.',
  'explain.hatched.title': 'Hatched timeline',
  'explain.hatched.text':
    'To step back quickly the page keeps checkpoints of the run, within a memory budget; the oldest go first. On the hatched stretch none is left: going back there replays the run from its start, with the same seed and so the same result, which takes seconds at a million objects.',
  'explain.burstBand.title': 'Grey bands',
  'explain.burstBand.text':
    'A grey band on a chart, named after a namespace (“rolling update, namespace support-prod”), is a rolling update the model plays in that namespace: its pods are replaced one after another (terminated, deleted, created, scheduled, ready), so events come faster and the rates rise for as long as the band lasts. Sharded by uid, the new pods spread over every replica; sharded by namespace, they all go to the one replica that owns that namespace.',
  'explain.metrics.title': 'apiserver metrics',
  'explain.metrics.text':
    'What each API server’s /metrics prints for the two alpha metrics of sharded watches: apiserver_watch_shards_total, the sharded watches open now (a gauge, whatever its name says), and apiserver_watch_filtered_events_total, every event a watcher’s shard check dropped, initial events of a streaming list included, twice for a MODIFIED. With the gate off neither metric is registered, so such an API server never prints them; with the gate on, a series appears once it is first used.',
  'explain.resume.title':
    'Resume or relist',
  'explain.resume.text':
    'When a watch ends (its timeoutSeconds, a server restart, a reset connection), client-go watches again from its last resourceVersion, with no LIST. It backs off before every relist, and before a new watch when the last one was refused or got 429. It relists only after 410 Gone or an error. A GOAWAY ends no watch: the watch in flight runs on, and only the next request opens a new connection.',

  // export: PNG and SVG export of a view, and its caption
  'export.caption': 'ShardScope · {replicas} replicas · {objects} objects · {key} · API servers: {gates} · seed {seed}',
  'export.noLink': 'This run is too large for a link.',
  'export.png': 'Export {target} as PNG (2×, with a caption)',
  'export.svg': 'Export {target} as SVG',
  'export.pngShort': 'PNG',
  'export.svgShort': 'SVG',
  // A PNG that does not fit a browser canvas at 2×.
  'export.reduced': 'This view is too large for a browser canvas at 2×, so the PNG is at {scale}×.',
  'export.reducedColumns': 'This view is too large for a browser canvas at 2×, so the PNG is at {scale}×, cut into {count} columns side by side.',
  'export.refused': 'The browser refused to make this {width} × {height} pixel PNG, so no file was saved.',
  'export.target.view': 'the simulation',
  'export.target.hash': 'the hash space',
  'export.target.comparison': 'the client-side vs server-side charts',
  'export.target.flow': 'the event flow',
  'export.target.replica': 'replica-{replica}’s card',

  // field: number fields: validation messages
  'field.required': 'Enter a value.',
  'field.notANumber': 'Enter a number, e.g. 100000 or 100k.',
  'field.notAnInteger': 'Enter a whole number.',
  'field.outOfRange': 'Must be between {min} and {max}.',
  // Number fields are read by the locale’s marks.
  'field.ambiguousDecimal': '“{text}” is unclear: with “{mark}” between groups of digits it reads as {read}. Type {read} for that, or {decimal} for a fraction.',
  'field.ambiguous': '“{text}” is unclear: digits are grouped in threes here, so it reads as {read}. Type {read} if you meant that.',
  // A pasted page of digits is refused before it is read.
  'field.tooLong': 'That is {length} characters; a number here has at most {max}.',
  'field.underflow': '“{text}” is too close to 0 to tell apart from it; type 0 if you meant that.',

  // flow: the event flow: what each replica receives, keeps and drops
  'flow.title': 'Event flow',
  'flow.clientSide': 'Client-side',
  'flow.serverSide': 'Server-side',
  'flow.apiServer': 'API server {index}',
  'flow.gateOn': 'gate on',
  'flow.gateOff': 'gate off',
  'flow.replica': 'r{replica}',
  'flow.clientRate': 'each replica receives {received} events/s, keeps {kept}',
  'flow.serverRate': 'each replica receives {received} events/s · {filtered} filtered at the server so far',
  'flow.filter': 'shard filter',
  'flow.legendKept': 'kept by its owner',
  'flow.legendFiltered': 'filtered at the server',
  'flow.legendBookmark': 'BOOKMARK (each watch’s own, unfiltered)',
  'flow.description':
    'Client-side: every event reaches every replica and is dropped by all but its owner. Server-side: each event goes only to its owner; every watch still gets its own bookmarks.',
  'flow.legendDroppedLocal': 'dropped by the replica’s local filter',
  'flow.localFilter': 'local filter',
  'flow.stepNone': 'Step forward (→) to play one step’s events slowly; paused, the last events stay where they were.',
  'flow.stepEvents': 'Last step ({seconds} s): {total} events: {added} added, {modified} modified, {deleted} deleted, {bookmarks} bookmarks.',
  'flow.stepClient': 'last step: {sent} sent to the replicas, {kept} kept, {dropped} dropped',
  'flow.stepServer': 'last step: {sent} sent to the replicas, {kept} kept, {filtered} filtered at the API server',
  'flow.replicaKept': '{label} · {kept} kept',
  'flow.replicaKeptShort': '{label} · {kept}',
  'flow.droppedCount': '× {count}',
  'flow.filteredCount': '{count} filtered',
  'flow.phaseFrozen': 'Paused',
  'flow.phaseStep': 'Playing one step',

  // handoff: the reshard hand-off: objects moved, owners missing or doubled, relists
  'handoff.title': 'Reshard hand-off',
  'handoff.line':
    'At {at} s, {from} → {to} replicas: {moved} of the objects changed owner. Without an owner: {clientOrphans} object-seconds client-side, {serverOrphans} server-side; owned twice: {clientDuplicates} and {serverDuplicates}. One owner each again after {clientSettle} client-side, {serverSettle} server-side.',
  'handoff.relist': 'Relists: {clientBytes} client-side (every LIST is the whole collection) against {serverBytes} server-side: {ratio}× less.',
  // A hand-off whose modes move different shares names both.
  'handoff.movedBoth': '{client} client-side, {server} server-side',
  'handoff.peaks': 'At the peak, {clientOrphans} objects had no owner and {clientDuplicates} had two client-side; {serverOrphans} and {serverDuplicates} server-side.',

  // hash: the hash space: ranges, boundary handles, gaps and overlaps, the dots and their owners
  'hash.title': 'Hash space',
  'hash.subtitle': 'FNV-1a 64 of {key} · [0x0, 2^64)',
  'hash.canvasLabel': '{count} objects placed at their hashes; bands are replica ranges',
  'hash.band': 'Replica {replica}: {start} – {end}',
  'hash.gap': 'Gap: no replica owns {start} – {end}',
  'hash.overlap': 'Overlap: {owners} all own {start} – {end}',
  'hash.handle': 'Boundary at {hex}',
  'hash.handleOf': 'Boundary {hex} ({replicas})',
  'hash.legendGap': 'gap (owned by no replica)',
  'hash.gapLabel': 'GAP',
  'hash.legendOverlap': 'overlap (owned twice)',
  'hash.objectsNear': 'Objects near the pointer',
  'hash.objectsCount': { one: '{formatted} object', other: '{formatted} objects' },
  'hash.dotOwners': 'Dot colours',
  'hash.dotOwnersServer': 'server-side owners',
  'hash.dotOwnersClient': 'client-side owners',
  'hash.inspect': 'Inspect objects',
  'hash.inspectHint': 'Use ← and → to move between objects, Escape to leave.',
  'hash.none': 'No object here',
  'hash.tipName': 'name',
  'hash.tipNamespace': 'namespace',
  'hash.tipObjects': 'objects',
  'hash.tipUid': 'uid',
  'hash.tipHash': 'FNV-1a',
  'hash.tipRange': 'range',
  'hash.tipOwner': 'owner',
  'hash.tipOwnerNone': 'nobody (gap)',
  'hash.tipClusterScoped': '"" (cluster-scoped)',
  'hash.replicaName': 'replica-{replica}',
  'hash.dotOwnersSame':
    'Client-side owners look the same here: with hash ranges each replica keeps exactly what the server would send it. They differ with jump hash, or when a server-side replica’s client-go caches what a gate-off API server sends.',
  'hash.dotOwnersSameJump': 'Client-side owners happen to match server-side ones for every object now.',
  'hash.dotOwnersDiffer': {
    one: 'Client-side owners differ for {formatted} object ({share}).',
    other: 'Client-side owners differ for {formatted} objects ({share}).',
  },
  'hash.bandsThin': {
    one: 'replica-{replica}: {count} range too narrow to show apart at this width',
    other: 'replica-{replica}: {count} ranges too narrow to show apart at this width',
  },
  'hash.handleGroup': {
    one: '{count} boundary at {from}',
    other: '{count} boundaries from {from} to {to}, too close together to drag here: edit the selectors to move them',
  },

  // header: the header: playback, speed, seed, view, theme, simulated time
  'header.playback': 'Playback',
  'header.play': 'Play',
  'header.pause': 'Pause',
  'header.step': 'Step forward',
  'header.stepBack': 'Step back',
  'header.stepBackTitle': 'Rewind the simulation by one step (←)',
  'header.stepTitle': 'Advance the simulation by one step (→)',
  'header.speed': 'Speed',
  'header.speedValue': '{speed}×',
  'header.slower': 'Slower',
  'header.faster': 'Faster',
  'header.seed': 'Seed',
  'header.view': 'Hash space view',
  'header.viewStrip': 'Strip',
  'header.viewRing': 'Ring',
  'header.theme': 'Theme',
  'header.themeLight': 'Light',
  'header.themeDark': 'Dark',
  'header.keys': 'Keyboard shortcuts',
  'header.clock': 'Simulated time {time}',
  'header.clockShort': 't = {time}',

  // import: importing a real cluster: the import dialog, hidden names, the link notice
  'import.open': 'Import',
  'import.openTitle': 'Import your own cluster: kubectl output as JSON, YAML, a watch stream or custom-columns',
  'import.title': 'Import your own cluster',
  'import.intro': 'Drop a file anywhere on the page, choose one, or paste kubectl output. It is read in this browser only: nothing is uploaded.',
  'import.commands': 'kubectl get pods -A -o json (or -o yaml, -w -o json --output-watch-events, -o custom-columns=NAMESPACE:.metadata.namespace,NAME:.metadata.name,UID:.metadata.uid)',
  'import.drop': 'Drop a file here',
  'import.choose': 'Choose a file…',
  'import.pasteLabel': 'Or paste kubectl output',
  'import.pasteRead': 'Read the pasted text',
  'import.pasted': 'pasted text',
  'import.reading': 'Reading {name}: {read} of {total}, {objects} objects so far',
  'import.cancel': 'Cancel',
  'import.cancelled': 'Import cancelled: the cluster shown is unchanged.',
  'import.close': 'Close',
  'import.confirm': 'Use these {count} objects',
  'import.confirmNote': 'The run starts again at 0:00 with these objects. Until then the cluster shown stays as it is.',
  'import.format': 'Format',
  'import.formatUnknown': 'not recognised',
  'import.objects': 'Objects',
  'import.kinds': 'Kinds',
  'import.kindUnnamed': 'kind not in the file',
  'import.namespaces': 'Namespaces',
  'import.namespacesValue': '{count} namespaces, {scoped} cluster-scoped objects',
  'import.sizes': 'Sizes',
  'import.sizeFile': 'bytes in the file',
  'import.sizeCompact': 'compact JSON (what the API server sends)',
  'import.sizeModel': 'custom-columns carry no object: sizes come from the model’s size distribution',
  'import.sizeTotal': '{total} in all, {mean} per object on average',
  'import.sizeChoice': 'Object size',
  'import.events': 'Watch events',
  'import.eventsValue': '{added} ADDED, {modified} MODIFIED, {deleted} DELETED, {bookmark} BOOKMARK',
  'import.eventsNote': 'The stream’s final state is imported (deletions applied); “Replay the stream” sends its events, one by one, through both modes.',
  'import.rejected': 'Left out ({count})',
  'import.rejectedRow': 'item {index}{line}: {reason}',
  'import.rejectedLine': ' (line {line})',
  'import.rejectedMore': '… and {count} more',
  'import.errorTitle': 'The file stops being readable at line {line}, column {column}',
  'import.errorPlain': 'The file could not be imported',
  'import.errorKept': 'The {count} objects read before that place can still be used.',
  'import.fmt.json-list': 'JSON List (kubectl get -o json)',
  'import.fmt.json-pages': 'JSON list pages, one after another (kubectl get --raw)',
  'import.fmt.json-array': 'a JSON array of objects',
  'import.fmt.json-objects': 'JSON objects one after another (kubectl get -w -o json)',
  'import.fmt.watch-events': 'watch stream with event types (kubectl get -w -o json --output-watch-events)',
  'import.fmt.yaml': 'YAML (kubectl get -o yaml)',
  'import.fmt.yaml-watch-events': 'YAML watch events (kubectl get -w -o yaml --output-watch-events)',
  'import.fmt.columns': 'custom-columns with headers',
  'import.fmt.columns-no-headers': 'custom-columns without headers (--no-headers)',
  'import.active': 'Imported: {count} objects from {name}',
  'import.drop2': 'Back to a generated cluster',
  'import.hideNames': 'Hide names',
  'import.hideNamesTitle': 'Show stable pseudonyms instead of namespaces and names in every view and export (hashes stay those of the real names)',
  'import.linkNotice': 'This link was made from an imported cluster of {count} objects. Imported data never goes into a link, so this is a generated cluster of the same size.',
  'import.reloadNotice': 'The page was reloaded, and a reload lets go of an imported cluster: the file is read only by the tab that read it, and never goes into a link. This is a generated cluster of the same size ({count} objects); import the file again to get yours back.',
  'import.again': 'Import the file again…',
  'import.dropHere': 'Drop the file to import it',

  // keys: the keyboard help and the keys it names
  'keys.title': 'Keyboard shortcuts',
  'keys.close': 'Close',
  'keys.play': 'Play or pause',
  'keys.step': 'Step forward',
  'keys.stepBack': 'Step back (replays from the seed)',
  'keys.speed': 'Faster / slower',
  'keys.help': 'Show or hide this list',
  'keys.nudge': 'On a boundary handle: move it (PageUp/PageDown: bigger steps)',
  'keys.space': 'Space',
  'keys.or': 'or',
  'keys.storyExit': 'Leave the story (an opened question or narration folds first)',
  'keys.modeFree': 'Free play',
  'keys.modePresentation': 'Presentation mode',
  'keys.modeStory': 'Story',
  'keys.modeNow': 'Keys now: {mode}',
  'keys.presentation': 'Presentation mode on or off',
  'keys.close2': 'Close this list',
  'keys.storyNext': 'Next story step',
  'keys.storyPrevious': 'Previous story step',
  'keys.pageScrolls': 'Scroll the page (they step in presentation mode)',
  'keys.escape': 'Esc',
  'keys.presenter': 'Open the presenter view (notes, next step, timer)',
  'keys.spotlight': 'Hold for a spotlight that follows the pointer',

  // lab: the lab: exercises, the check panel, stories and exercises opened from a file
  'lab.unknownExercise': 'This link names an exercise ShardScope does not have ({exercise}), so the default run is shown.',
  'lab.unknownExerciseKept': 'This link names an exercise ShardScope does not have ({exercise}), so the run shown is kept.',
  'lab.menu': 'Exercises',
  'lab.menuTitle': 'Exercises: tasks this page checks as you work',
  'lab.menuDone': 'done',
  'lab.menuNotDone': 'not done',
  'lab.menuProgress': '{done} of {total} done',
  'lab.resetAll': 'Reset everything',
  'lab.resetAllTitle': 'Forget the progress of every exercise and start this one again',
  'lab.open': 'Open a file…',
  'lab.openTitle': 'Open a story or an exercise written in JSON (see docs/authoring.md)',
  'lab.loaded': 'Opened “{title}” from {file}.',
  'lab.loadedStory': 'Opened the story “{title}” from {file}.',
  'lab.fileRefused': '{file} was not opened:',
  'lab.fileSyntax': 'not JSON at line {line}, column {column}: {message}',
  'lab.fileTooLarge': 'the file is {size}; at most {limit} is read',
  'lab.dismiss': 'Dismiss',
  'lab.region': 'Exercise',
  'lab.counter': 'Exercise {n} of {total}',
  'lab.loadedBadge': 'from a file',
  'lab.task': 'Task',
  'lab.check': 'Check',
  'lab.checkHelp': 'Each line is computed from the model as you work.',
  'lab.ok': 'holds',
  'lab.notOk': 'does not hold yet',
  'lab.waiting': 'waiting for the model',
  'lab.solved': 'Solved: every condition holds.',
  'lab.answer': 'Your answer',
  'lab.answerHelp': 'A replica’s name, such as replica-0.',
  'lab.hint': 'Hint {n}',
  'lab.showHint': 'Hint ({left} left)',
  'lab.showSolution': 'Solution',
  'lab.hideSolution': 'Hide solution',
  'lab.solution': 'Solution',
  'lab.applySolution': 'Apply it',
  'lab.reset': 'Reset this exercise',
  'lab.resetShort': 'Reset',
  'lab.resetTitle': 'Back to the exercise’s starting state',
  'lab.previous': 'Previous',
  'lab.next': 'Next',
  'lab.leave': 'Leave',
  'lab.leaveTitle': 'Leave the lab and go back to the run you had',
  'lab.sol.selector': '{replica} sends',
  'lab.sol.replicas': '{count} replicas',
  'lab.sol.gates': 'feature gate per API server: {gates}',
  'lab.sol.client': 'client: {client}',
  'lab.sol.reshard': 'at {at} s, reshard {from} → {to}: {strategy}, {rollout}',
  'lab.sol.answer': 'answer: {answer}',
  'lab.cond.replicas': '{count} replicas',
  'lab.cond.acceptedAll': 'every selector is accepted by the apiserver’s parser',
  'lab.cond.accepted': '{replica}’s selector is accepted by the apiserver’s parser',
  'lab.cond.coverage': 'no gap and no overlap in the hash space',
  'lab.cond.hashShare': '{replica} holds between {min}% and {max}% of the hash space',
  'lab.cond.shareRatio': '{replica} holds {ratio}× the hash space of each other replica (±{tolerance}%)',
  'lab.cond.shardKey': 'the shard key is {key}',
  'lab.cond.gateOn': 'apiserver-{server} has ShardedListAndWatch on',
  'lab.cond.gateOff': 'apiserver-{server} still has ShardedListAndWatch off (the rollout is not over)',
  'lab.cond.client': 'the replicas run the {client} client',
  'lab.cond.audit': 'the model’s ownership audit: every object has exactly one owner',
  'lab.cond.objectShare': '{replica} owns between {min}% and {max}% of the objects',
  'lab.cond.imbalance': 'the busiest replica owns at most {max}× its fair share',
  'lab.cond.saving': 'server-side sends at least {ratio}× less than client-side',
  'lab.cond.noErrors': 'no replica gets HTTP 500',
  'lab.cond.reshard': 'a reshard from {from} to {to} replicas has happened',
  'lab.cond.noOrphans': 'no object was left without an owner during the reshard',
  'lab.cond.moved': 'the reshard moved at most {max}% of the objects to a new owner',
  'lab.cond.relists': 'at most {count} relists',
  'lab.cond.relistsCause': 'at most {count} relists ({cause})',
  'lab.cond.answerOwner': 'your answer names the replica that owns uid {uid}',
  'lab.cond.answerFullCache': 'your answer names the replica that receives the whole collection',
  'lab.now.count': 'now {value}',
  'lab.now.refused': '{count} refused',
  'lab.now.refusedCoverage': 'a refused selector owns nothing',
  'lab.now.coverage': 'gap {gap}%, overlap {overlap}%',
  'lab.now.percent': 'now {value}%',
  'lab.now.ratio': 'now {value}×',
  'lab.now.ratios': 'now {lo}× to {hi}×',
  'lab.now.audit': '{gaps} without an owner, {duplicates} with several',
  'lab.now.imbalance': 'now {value}×',
  'lab.now.failing': '{count} refused',
  'lab.now.noReshard': 'no reshard yet',
  'lab.now.orphans': 'at most {count} at once',
  'lab.ex.cover-three.title': 'Cover the space with three replicas',
  'lab.ex.cover-three.task': 'Three replicas share the 64-bit hash space, but their ranges leave a gap and overlap elsewhere. Edit the selectors (type, or drag the boundaries in the hash space) so that every hash has exactly one owner.',
  'lab.ex.cover-three.hint1': 'A range is [start, end): the end is not included, so one replica’s end must be the next one’s start.',
  'lab.ex.cover-three.hint2': 'The red hatching in the hash space is the gap, the grey hatching the overlap.',
  'lab.ex.cover-three.hint3': 'Three equal parts end at 0x5555555555555555, 0xaaaaaaaaaaaaaaaa and 0x10000000000000000.',
  'lab.ex.cover-three.explain': 'Each end is the next start, and the last end is 0x10000000000000000 (2^64), the only 17-digit bound the apiserver accepts.',
  'lab.ex.refused-five.title': 'Fix five refused selectors',
  'lab.ex.refused-five.task': 'Each of the five replicas sends a selector the API server refuses with HTTP 500, each for a different reason. Read the apiserver’s message under each one and fix the selector, keeping its range.',
  'lab.ex.refused-five.hint1': 'Bounds are string literals in quotes, with 0x and exactly 16 lowercase hex digits (or 0x10000000000000000).',
  'lab.ex.refused-five.hint2': 'Only object.metadata.uid and object.metadata.namespace can be sharded on, and only shardRange() and || are allowed.',
  'lab.ex.refused-five.hint3': 'The quick fix under a short bound pads it with zeros for you.',
  'lab.ex.refused-five.explain': 'The five fixes: pad 0x0 to 16 digits, quote the number, shard on object.metadata.uid, lowercase the hex digits, drop “&& true”.',
  'lab.ex.double-share.title': 'Give replica-0 twice the share',
  'lab.ex.double-share.task': 'replica-0 runs on a larger node. Give it twice the hash space of each of the three other replicas, with no gap and no overlap.',
  'lab.ex.double-share.hint1': 'Five equal parts: replica-0 takes two, the others one each.',
  'lab.ex.double-share.hint2': 'A fifth of 2^64 is 0x3333333333333333.',
  'lab.ex.double-share.hint3': 'The bounds are 0x6666666666666666, 0x9999999999999999 and 0xcccccccccccccccc.',
  'lab.ex.double-share.explain': 'Hash ranges need not be equal: the objects follow the hash space, so replica-0 owns about 40% of them.',
  'lab.ex.owner-of-uid.title': 'Find the owner of a uid',
  'lab.ex.owner-of-uid.task': 'Which replica processes the pod with uid a440e035-8122-4b15-bfa7-5b663280e38e? Type its name in the answer field. The ranges are uneven, so guessing from the uid’s first digits does not work.',
  'lab.ex.owner-of-uid.hint1': 'The server hashes the uid with FNV-1a 64: the uid’s own digits say nothing about where it lands.',
  'lab.ex.owner-of-uid.hint2': 'Point at the dots in the hash space: each one shows its uid, its hash and its owner.',
  'lab.ex.owner-of-uid.hint3': 'Its hash is 0xaf4cd8791bf058d5. Which range holds it?',
  'lab.ex.owner-of-uid.explain': 'FNV-1a 64 of the uid is 0xaf4cd8791bf058d5, in replica-2’s range [0x9000000000000000, 0xb000000000000000).',
  'lab.ex.saving-4x.title': 'Send at least 4× less',
  'lab.ex.saving-4x.task': 'Two replicas sit behind an API server without the feature gate: server-side sharding sends as much as client-side. Make server-side sharding send at least four times less than client-side.',
  'lab.ex.saving-4x.hint1': 'Without ShardedListAndWatch the API server ignores shardSelector and sends everything.',
  'lab.ex.saving-4x.hint2': 'Client-side, every replica receives the whole stream; server-side, each receives its share. The ratio is about the replica count.',
  'lab.ex.saving-4x.hint3': 'Turn the gate on, then scale to five replicas (rates settle after a few seconds).',
  'lab.ex.saving-4x.explain': 'With the gate on and N replicas, each receives about 1/N of the stream: the saving is about N×, not a fixed figure.',
  'lab.ex.gate-on-safely.title': 'Turn the gate on without an outage',
  'lab.ex.gate-on-safely.task': 'The API server has the gate off, so it ignores every selector, even broken ones, and each replica caches everything. Turn the gate on so that no replica gets HTTP 500 and every object has exactly one owner.',
  'lab.ex.gate-on-safely.hint1': 'Before you flip the gate, read each replica’s card: a gate-off server never parses the selectors.',
  'lab.ex.gate-on-safely.hint2': 'One selector is missing a parenthesis.',
  'lab.ex.gate-on-safely.hint3': 'The end bound is excluded: 0xffffffffffffffff leaves the last hash to nobody. The end of the space is 0x10000000000000000.',
  'lab.ex.gate-on-safely.explain': 'Fix the selectors first, then turn the gate on: the broken one would fail with HTTP 500, and the range ending at 0xffffffffffffffff leaves one hash without an owner.',
  'lab.ex.namespace-balance.title': 'Balance a namespace-keyed cluster',
  'lab.ex.namespace-balance.task': 'Three replicas shard on object.metadata.namespace over 20 namespaces of very different sizes. Equal ranges give one replica far more than its share. Move the bounds so that the busiest replica owns at most 1.25× its fair share, still sharding on the namespace.',
  'lab.ex.namespace-balance.hint1': 'A namespace hashes to one point: all its objects go to one replica, and no bound can split it.',
  'lab.ex.namespace-balance.hint2': 'Drag a boundary in the hash space and watch the owned counts on the cards.',
  'lab.ex.namespace-balance.hint3': 'A bound placed exactly on a namespace’s hash gives that namespace to the range that starts there.',
  'lab.ex.namespace-balance.explain': 'Bounds at 0x7ef43c1fcf401be7 and 0xb8fa91373a14733a give 1.19×, the best three contiguous ranges can do here: a namespace is never split. A selector that joins ranges with || can do better.',
  'lab.ex.reshard-no-orphans.title': 'Reshard 4 → 5 with no orphaned object',
  'lab.ex.reshard-no-orphans.task': 'The schedule scales from four to five replicas at 5 s, all pods at once: for seconds, some objects have no owner. Change the schedule so that the reshard leaves no object without an owner, then play it through.',
  'lab.ex.reshard-no-orphans.hint1': 'An object is orphaned when its old owner has let it go and its new owner has not finished its LIST.',
  'lab.ex.reshard-no-orphans.hint2': 'The Schedule section offers three rollouts.',
  'lab.ex.reshard-no-orphans.hint3': 'Remove the reshard and add it again with the rollout “New replicas first, then the old narrow”.',
  'lab.ex.reshard-no-orphans.explain': 'New replicas first: each new owner has synced before the old one lets go, so objects are owned twice for a while, never by nobody.',
  'lab.ex.reshard-few-moves.title': 'Reshard moving few objects',
  'lab.ex.reshard-few-moves.task': 'Scaling from four to five equal ranges moves about half of the objects and relists every replica. Reshard 4 → 5 so that at most 25% of the objects change owner and at most two replicas relist.',
  'lab.ex.reshard-few-moves.hint1': 'With equal ranges, every bound moves when N changes.',
  'lab.ex.reshard-few-moves.hint2': 'Jump hash moves few objects, but a shardRange() selector cannot express it.',
  'lab.ex.reshard-few-moves.hint3': '“Split the largest range” halves one range for the new replica: only those two relist.',
  'lab.ex.reshard-few-moves.explain': 'Range splitting moves one eighth of the objects and relists two replicas; the price is imbalance, two replicas with an eighth and three with a quarter.',
  'lab.ex.rollout-cache-all.title': 'Find the replica that caches everything',
  'lab.ex.rollout-cache-all.task': 'The gate is being rolled out: two of three API servers have it. The replicas run client-go as shipped. One replica caches the whole collection. Name it in the answer field, then fix it without touching the API servers.',
  'lab.ex.rollout-cache-all.hint1': 'Replica i talks to API server i mod 3. Which one reaches the gate-off server?',
  'lab.ex.rollout-cache-all.hint2': 'Its LIST preview has no shardInfo, and its owned count is the whole collection.',
  'lab.ex.rollout-cache-all.hint3': 'client-go never reads shardInfo nor checks objects: the controller has to check each object itself.',
  'lab.ex.rollout-cache-all.explain': 'replica-2 reaches apiserver-2, which ignores the selector. A client that checks each object with the same matcher keeps only its share, whatever server it reaches.',

  // lang: the language switch
  'lang.label': 'Language',

  // lifecycle: API servers over time and the watch lifecycle: routing, rollout, streaming list, timeouts
  'lifecycle.initialListOnlyList': 'This client lists, then watches: shardinfo reads LIST pages, and kube-state-metrics v2.18 is built on client-go v0.34, whose WatchListClient is off.',
  'lifecycle.routing': 'Load balancer',
  'lifecycle.routingL4': 'L4: one HTTP/2 connection',
  'lifecycle.routingL7': 'L7: each request on its own',
  'lifecycle.goaway': 'GOAWAY chance per request',
  'lifecycle.routingHelp': 'client-go sends a replica’s requests over one HTTP/2 connection: behind an L4 balancer its LIST, its WATCH and every resumed watch reach the same API server until the connection closes (a restart, or a GOAWAY from kube-apiserver’s --goaway-chance, at most 0.02, which lets the watch in flight run on and sends the next request over a new connection). An L7 balancer spreads each request.',
  'lifecycle.group': 'API servers over time',
  'lifecycle.rollout': 'Rolling upgrade',
  'lifecycle.rolloutHelp': 'Restarts API server i at start + i × interval with the gate set as chosen; its watches end, and their clients watch again from their last resourceVersion through the load balancer, relisting only after 410 Gone.',
  'lifecycle.rolloutGate': 'Gate after restart',
  'lifecycle.rolloutAt': 'First restart (s)',
  'lifecycle.rolloutEvery': 'Interval (s)',
  'lifecycle.initialList': 'Initial list',
  'lifecycle.initialListHelp': 'A streaming list (sendInitialEvents=true, client-go’s default since v1.35) is one WATCH: its initial events pass the server’s shard filter, and it has no LIST page, so no shardInfo.',
  'lifecycle.list': 'LIST then WATCH',
  'lifecycle.watchList': 'streaming list',
  'lifecycle.watchTimeouts': 'Watch timeouts',
  'lifecycle.watchTimeoutsHelp': 'On: the client sends timeoutSeconds as client-go does (5 to 10 minutes). Off: the server ends the watch after 30 to 60 minutes. Either way the client resumes from its last resourceVersion, with no LIST.',
  'lifecycle.restartMark': '{name} restarts',
  'lifecycle.relistChart': 'Relist bytes (peak per second)',
  'lifecycle.summary': 'watch resumes {resumes} · relists {relists} ({bytes}) · 410 Gone {gone} · duplicate events kept {missed} · caught {caught}',

  // link: links to a run: copying one, and the notices when a shared link cannot be used as a whole
  // (the *Kept forms for a link opened in this tab, which keeps the run shown)
  'link.unreadable': 'This link’s state could not be read, so the default run is shown.',
  'link.version': 'This link was made by another version of ShardScope, so the default run is shown.',
  'link.invalid': {
    one: 'This link’s {fields} was not valid, so its default is used; everything else in the link was applied.',
    other: 'This link’s {fields} were not valid, so their defaults are used; everything else in the link was applied.',
  },
  'link.dismiss': 'Dismiss',
  // The notice names at most ten fields, then counts the rest.
  'link.andMore': { one: 'and 1 more', other: 'and {count} more' },
  'link.tooLongToOpen': 'This link is longer than the {limit} characters ShardScope writes, so it was not read and the default run is shown.',
  'link.unreadableKept': 'This link’s state could not be read, so the run shown is kept.',
  'link.versionKept': 'This link was made by another version of ShardScope, so the run shown is kept.',
  'link.tooLongToOpenKept': 'This link is longer than the {limit} characters ShardScope writes, so it was not read and the run shown is kept.',
  'link.tooLarge': 'This link is {length} characters long but unpacks to more than {limit} characters, the most ShardScope reads, so it was not read and the default run is shown.',
  'link.tooLargeKept': 'This link is {length} characters long but unpacks to more than {limit} characters, the most ShardScope reads, so it was not read and the run shown is kept.',
  'link.unknownStory': 'This link names a story ShardScope does not have ({story}), so the default run is shown.',
  'link.unknownStoryKept': 'This link names a story ShardScope does not have ({story}), so the run shown is kept.',
  'link.unknownTalk': 'This link names a talk ShardScope does not have ({talk}), so the default run is shown.',
  'link.unknownTalkKept': 'This link names a talk ShardScope does not have ({talk}), so the run shown is kept.',
  'link.bothForms': 'This link holds both a #state= part and a #s= part: the #state= part was used, the #s= part ignored.',
  'link.tooLong':
    'This run is too large for a link: it would take {length} characters, over the {limit} a link may have, and replica-{replica}’s selector takes {selectorLength} of them. The address bar keeps the last run that fit; shorten that selector to share this one.',
  'link.copy': 'Copy link',
  'link.copyLabel': 'Copy a link to this exact run',
  'link.copied': 'Link copied',
  'link.tooManyRanges': 'Its selectors hold {total} ranges in all; ShardScope simulates at most {limit}, so every replica takes its equal share.',

  // memory: memory under the two client styles (filter before the cache, cache everything)
  'memory.styleOwned': 'filter before the cache',
  'memory.styleAll': 'cache everything',
  'memory.inUse': '(in use)',
  'memory.cacheRow': 'Informer caches: {style}',
  'memory.listPeakRow': 'LIST peak, largest replica',
  'memory.allocRow': 'Decode allocation',
  'memory.legend': 'Thick lines: {inUse}. Thin lines: {other}.',
  'memory.figuresLabel': 'Memory of all replicas under both client styles, client-side and server-side',
  'memory.clientColumn': 'Client-side',
  'memory.serverColumn': 'Server-side',
  'memory.styleOwnedShort': 'filter first',
  'memory.styleAllShort': 'cache all',

  // ownerChange: the notice of objects that changed owner at a reshard
  'ownerChange.notice': '{from} → {to} replicas: {moved} of {live} objects ({percent}) changed owner under equal ranges. Jump hash would move {jumpMoved} ({jumpPercent}).',

  // presentation: presentation mode (projector layout)
  'presentation.toggle': 'Presentation mode',
  'presentation.toggleTitle': 'Projector layout: hash space, headline and comparison on one screen (p)',
  'presentation.blanked': 'The screen is blank. Press b, . or the next key to bring it back.',

  // presenter: the presenter view in a second window: speaker notes, next step, timer; stage tools
  'presenter.docTitle': 'ShardScope presenter view',
  'presenter.open': 'Presenter view',
  'presenter.openTitle': 'Open the presenter view in a second window: speaker notes, the next step, a timer (Shift+P)',
  'presenter.blocked': 'The browser blocked the presenter window. Allow pop-ups for this page, then press Shift+P again.',
  'presenter.noChannel': 'This browser has no BroadcastChannel, so a presenter view cannot follow the stage. Use a current Chrome, Edge, Firefox or Safari.',
  'presenter.waiting': 'Waiting for the stage. Keep the ShardScope window that opened this one open; press Shift+P there to open this view again.',
  'presenter.noStory': 'The stage shows no story. Open one from the Stories menu on the stage: its speaker notes appear here.',
  'presenter.notes': 'Speaker notes',
  'presenter.noNotes': 'This step has no speaker notes. Its narration:',
  'presenter.next': 'Next step',
  'presenter.end': 'Last step: the story ends here.',
  'presenter.timer': 'Talk time',
  'presenter.start': 'Start',
  'presenter.pause': 'Pause',
  'presenter.reset': 'Reset',
  'presenter.clock': 'Time of day',
  'presenter.keys': 'PageDown, Space, →: next step · PageUp, ←: previous step · here or on the stage',
  'presenter.tools': 'Stage tools',
  'presenter.toolsTitle': 'Stage tools: the stage’s text size, the presenter view (Shift+P)',
  'presenter.fontScaleLabel': 'Stage text size (kept on this computer)',

  // qr: the QR code of a run
  'qr.open': 'Show a QR code of the link to this run',
  'qr.title': 'QR code of this run',
  'qr.description': 'Scan it to open this exact run (same seed, parameters and selectors).',
  'qr.close': 'Close',
  'qr.tooLong': 'This run is too large for a QR code; share a shorter one.',

  // replay: replay of an imported watch stream (src/ui/import/ReplayPanel.tsx)
  'replay.offer': 'Replay the stream',
  'replay.offerTitle': 'Use these objects and replay the stream’s {count} events through both modes, with their real sizes',
  'replay.title': 'Replay of the imported stream',
  'replay.subtitle': '{events} events of {name} over {duration}, sent to the current replicas and selectors. Measured bytes: each event’s real size in the file, not the model’s.',
  'replay.timing.timestamps': 'Times come from the objects (creationTimestamp, managedFields, deletionTimestamp); the initial state is at 0:00.0.',
  'replay.timing.spacing': 'The stream carries no times: events are spaced 0.1 s apart after the initial state.',
  'replay.timing.none': 'The stream holds only an initial state: every event is at 0:00.0.',
  'replay.inferred': 'No event types in the file: an object’s first appearance counts as ADDED, later ones as MODIFIED.',
  'replay.speed': 'Speed',
  'replay.speed.1': '1×, its own pace',
  'replay.speed.10': '10×',
  'replay.speed.100': '100×',
  'replay.speed.max': 'As fast as possible',
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.restart': 'From the start',
  'replay.close': 'Hide the replay',
  'replay.progress': 'Stream time {time} of {duration} · {events} of {total} events',
  'replay.loading': 'Replaying the stream…',
  'replay.failed': 'The replay failed: {message}',
  'replay.replica': 'Replica',
  'replay.client': 'client-side',
  'replay.server': 'server-side',
  'replay.ratio': 'server / client',
  'replay.cell': '{bytes} · {events} events',
  'replay.all': 'All replicas',
  'replay.noStream': 'no stream: {message}',
  'replay.unfiltered': 'gate off at its API server: the whole stream',
  'replay.cardTitle': 'Replay of the imported stream:',
  'replay.cardLine': 'server-side {server} ({serverEvents} events), client-side {client} ({clientEvents} events), {ratio}',
  'replay.note': 'Client-side, every replica receives every event. Server-side, a replica receives the events whose object hash falls in its ranges, and the stream’s BOOKMARKs, standing in for its own: bookmarks skip the shard filter, and a real API server sends each watch its own, about once a minute.',
  'replay.dropped': 'Only the first {max} events are replayed: the {count} events from event {event}{line} on are left out.',
  'replay.droppedLine': ', line {line}',
  'replay.errors': {
    one: '{count} ERROR event in the stream, not replayed (it carries a Status, not an object):',
    other: '{count} ERROR events in the stream, not replayed (each carries a Status, not an object):',
  },
  'replay.errorRow': 'event {event}{line}: {status}',
  'replay.errorsMore': '… and {count} more',

  // running: the running layout after a reshard, in the control panel
  'running.note': 'Running layout after the reshard at {at} s ({count} replicas): edits apply to it. The start layout ({start} replicas) is back when you step back before {at} s.',
  'running.resetHint': 'Give every running replica an equal range again',

  // schedule: the schedule of reshards and rollouts, in the control panel
  'schedule.title': 'Schedule',
  'schedule.intro': 'Events at fixed times in the run. Adding or removing one replays the run from its start under the new schedule.',
  'schedule.to': 'Reshard to (replicas)',
  'schedule.at': 'At (s)',
  'schedule.strategy': 'Strategy',
  'schedule.strategy.equal-ranges': 'Equal ranges',
  'schedule.strategy.range-splitting': 'Split the largest range',
  'schedule.strategy.jump-hash': 'Jump hash (client-side only)',
  'schedule.strategy.hash-mod': 'Mod N (client-side only)',
  'schedule.clientOnly':
    'Jump hash and mod N are client-side only: their buckets are not hash ranges, so a shardRange() selector cannot express them. With either, the server-side run re-splits into equal ranges.',
  'schedule.rollout': 'Rollout',
  'schedule.rollout.all-at-once': 'All at once',
  'schedule.rollout.one-by-one': 'One replica at a time',
  'schedule.rollout.new-first': 'New replicas first, then the old narrow',
  'schedule.every': 'Every (s)',
  'schedule.add': 'Add reshard',
  'schedule.empty': 'Nothing scheduled.',
  'schedule.item': 'At {at} s: {from} → {to} replicas, {strategy}, {rollout}',
  'schedule.itemEvery': 'At {at} s: {from} → {to} replicas, {strategy}, {rollout} every {every} s',
  'schedule.remove': 'Remove',
  'schedule.removeLabel': 'Remove the reshard at {at} s',
  'schedule.refused': 'Not added: {message}',

  // share: the share menu
  'share.menu': 'Share: PNG for a slide, QR code',

  // slides: the slide, deck and print exports, and their SVG layers
  'slides.png': 'Export this step as a slide: PNG, 1920 × 1080, without buttons',
  'slides.pngShort': 'Slide',
  'slides.png4k': 'Export this step as a slide: PNG, 3840 × 2160 (4K), without buttons',
  'slides.png4kShort': 'Slide 4K',
  'slides.deck': 'Export the story as a deck: one 1920 × 1080 PNG per step, in a zip',
  'slides.deckShort': 'Deck',
  'slides.print': 'Print view of the story: one 16:9 page per step, for the browser’s Save as PDF',
  'slides.printShort': 'Print',
  'slides.noStory': 'Open a story first: a deck has one slide per step.',
  'slides.progress': 'Slide {done} of {total}…',
  'slides.cancel': 'Cancel',
  'slides.cancelled': 'Cancelled: no file was saved.',
  'slides.refused': 'The browser refused to draw slide {step}, so no file was saved.',
  'slides.saved': 'Saved {name}: {count} slides.',
  'slides.printTitle': 'Print view: {story}',
  'slides.printHelp': 'One 16:9 landscape page per step. Print, then choose “Save as PDF”.',
  'slides.printNow': 'Print…',
  'slides.close': 'Close',
  'slides.stepOf': '{story} · step {n} of {m}',
  'slides.svgDots': 'The hash space: {count} objects as vector circles',
  'slides.svgRasterDots': 'Raster layer: the dots of {count} objects, a picture (an SVG draws up to {limit} as vector circles)',
  'slides.svgRaster': 'Raster layer: a picture of a canvas',

  // stories: the stories menu
  'stories.menu': 'Stories',
  'stories.menuTitle': 'Guided stories: step by step, from the problem to the fixes',

  // story: the story caption, then each story: per step its title, text, question, answer, notes
  'story.caption': 'Story',
  'story.preparing': 'setting up this step…',
  'story.stepOf': 'Step {n} of {m}',
  'story.prev': 'Previous step',
  'story.next': 'Next step',
  'story.exit': 'Leave story',
  'story.exitTitle': 'Leave the story and keep this state for free play (Esc)',
  'story.question': 'Question:',
  'story.answer': 'Answer to the last question:',
  'story.more': 'More',
  'story.moreQuestion': 'Question',
  'story.moreAnswer': 'Answer',
  'story.less': 'Less',
  'story.countdown.reshard': 'reshard in {s} s',
  'story.countdown.restart': 'API server restart in {s} s',
  'story.problem.title': 'The problem',
  'story.problem.1.title': 'Every replica gets everything',
  'story.problem.1.text':
    'Four controller replicas share the pods by their uid. With client-side sharding each replica still watches every pod: the API server sends it the whole stream, it decodes every event, then drops the ones it does not own. The client-side lane of Event flow is that stream.',
  'story.problem.1.q': 'Of the events a replica decodes, how many does it keep?',
  'story.problem.1.a': 'Only those of the pods it owns: with four equal ranges, about a quarter. The rest were sent, carried and decoded for nothing.',
  'story.problem.1.notes':
    'Point at: the client-side lane of Event flow: every dot is an event sent to every replica.\nSay: four replicas share the pods, yet each one is sent the whole stream, decodes all of it, and then throws away about three quarters.\nAsk: the question on the caption. Let the room guess; the answer shows on the next step.\nLikely question: isn’t this what label selectors are for?\nAnswer: a label selector needs a label on every object, kept in step with the number of replicas. A hash of the uid needs nothing on the object and covers every object exactly once.',
  'story.problem.2.title': 'Owned is not received',
  'story.problem.2.text':
    'Each card shows how many objects its replica owns, and what it receives and keeps per second. Client-side, the received rate is the whole stream on every card, whatever it owns.',
  'story.problem.2.notes':
    'Point at: the owned count on each card, then the received rate beside it.\nSay: owned is about a quarter; received is the whole stream, the same on every card, whatever the card owns.\nLikely question: so a replica’s work does not shrink when it owns less?\nAnswer: not client-side: it still receives and decodes everything. Only what it keeps shrinks.',
  'story.problem.3.title': 'More replicas, more waste',
  'story.problem.3.text':
    'With eight replicas the client-side total doubles: the API server now sends the whole stream eight times. Compare the bytes received on the cards with the API-server egress chart.',
  'story.problem.3.notes':
    'Point at: the API-server egress chart, then the bytes received on the cards.\nSay: eight replicas, and the API server now sends the whole stream eight times: twice the egress of four, for the same cluster.\nLikely question: what does this cost the cluster?\nAnswer: API-server egress and network grow with replicas × stream, and every replica pays the decode. The next story shows server-side sharding keeping the total at about one stream.',
  'story.mechanism.title': 'The mechanism',
  'story.mechanism.1.title': 'A hash of the uid',
  'story.mechanism.1.text':
    'Every pod has a metadata.uid. FNV-1a 64 turns it into a 64-bit number, a point in the hash space: one dot per pod, from 0x0000000000000000 on the left to 2^64 on the right.',
  'story.mechanism.1.notes':
    'Point at: the hash strip: one dot per pod, placed by the hash of its uid.\nSay: FNV-1a 64 of metadata.uid gives a 64-bit number; that number, not the pod’s name or labels, decides the owner. The apimachinery code is pkg/sharding/hash.go.\nLikely question: why the uid and not the name?\nAnswer: the v1.36 parser accepts only two keys, object.metadata.uid and object.metadata.namespace. A uid is random, so its hashes spread evenly.',
  'story.mechanism.2.title': 'Ranges [start, end)',
  'story.mechanism.2.text':
    'Each replica owns a range [start, end): the start is included, the end is not. The end of one range is the start of the next, so every hash has exactly one owner: no overlap, no gap.',
  'story.mechanism.2.q': 'A pod hashes to exactly 0x4000000000000000, a boundary. Which replica owns it?',
  'story.mechanism.2.a': 'replica-1, whose range starts there: a range includes its start and excludes its end, so replica-0 stops just before it.',
  'story.mechanism.2.notes':
    'Point at: a boundary between two coloured bands.\nSay: a range includes its start and excludes its end; the end of one is the start of the next, so every hash has exactly one owner.\nAsk: the boundary question on the caption before you move on.\nDemo: drag a boundary handle past its neighbour: the ownership audit turns red with a gap or an overlap; drag it back.',
  'story.mechanism.3.title': 'The selector on the wire',
  'story.mechanism.3.text':
    'A replica asks for its range in the shardSelector parameter of its LIST and WATCH: shardRange(object.metadata.uid, start, end), with both bounds as quoted hex: 16 digits, or 0x10000000000000000 (2^64, 17 digits) for an end at the top. The request URL on each card is exactly what goes over the wire.',
  'story.mechanism.3.notes':
    'Point at: the request URL on a card, the shardSelector parameter.\nSay: this is exactly what goes over the wire: shardRange(object.metadata.uid, start, end), both bounds quoted, 16 hex digits, or 0x10000000000000000 for 2^64.\nLikely question: does client-go support this?\nAnswer: not by name: it has no sharding option. The selector rides in ListOptions.ShardSelector, set with informers.WithTweakListOptions, and client-go never reads it, nor the shardInfo that comes back.',
  'story.mechanism.4.title': 'Several ranges with ||',
  'story.mechanism.4.text':
    'One replica may own several ranges, joined with ||. Here two replicas each own two interleaved quarters of the space; a pod matches when any one of its replica’s ranges holds its hash.',
  'story.mechanism.4.notes':
    'Point at: the two interleaved colours on the strip, and the || in each selector.\nSay: one replica may own several ranges; an object matches when any one of them holds its hash.\nLikely question: why would a replica want more than one range?\nAnswer: to take a share that is not one piece, for example a slice from each neighbour when rebalancing. All ranges of one selector must use the same field, or the parser refuses it.',
  'story.saving.title': 'The saving',
  'story.saving.1.title': 'Side by side',
  'story.saving.1.text':
    'The same cluster and the same events run twice: server-side, the API server filters each replica’s stream; client-side, every replica gets everything. The headline says how many times fewer bytes the server sends.',
  'story.saving.1.notes':
    'Point at: the headline ratio, then the two columns under it.\nSay: same cluster, same events, run twice. Server-side, the API server filters each replica’s stream, so the whole fleet receives about one stream instead of four.\nLikely question: is it exactly 4×?\nAnswer: close to it: each replica receives about a quarter of the events, and uids are random, so shares differ a little. The filtering costs the API server one FNV-1a hash per event for each sharded watch, two for a MODIFIED.',
  'story.saving.2.title': 'Decoding costs CPU',
  'story.saving.2.text':
    'A replica must decode every event it receives before it can drop it. Server-side, each one decodes only its own share: compare the Decode CPU chart, and the events received on each card.',
  'story.saving.2.q': 'With four replicas, about what share of the client-side decoding does server-side sharding save?',
  'story.saving.2.a': 'About three quarters: each replica decodes roughly its own quarter of the events instead of all of them.',
  'story.saving.2.notes':
    'Point at: the Decode CPU chart, then the events received on each card.\nSay: a replica must decode an event before it can drop it. Server-side, it decodes only its share.\nAsk: the question on the caption; the answer shows on the next step.',
  'story.saving.3.title': 'Memory',
  'story.saving.3.text':
    'Here the replicas filter in their event handlers, as a plain informer-based controller does, so client-side every replica caches every object. Server-side, each cache holds only its share: the memory table compares both.',
  'story.saving.3.notes':
    'Point at: the memory table, client-side against server-side.\nSay: these replicas filter in their event handlers, like most controllers, so client-side every cache holds every object. Server-side, each cache holds its share.\nLikely question: our controller already filters in its handlers; do we save memory?\nAnswer: no: the informer caches what it receives before any handler runs. Only the server-side selector, or filtering inside the ListWatch as kube-state-metrics does, keeps the cache small.',
  'story.saving.4.title': 'Sixteen replicas',
  'story.saving.4.text':
    'With sixteen replicas the client-side stream is sent sixteen times, while the server-side total stays about one stream. The ratio in the headline grows with the number of replicas.',
  'story.saving.4.notes':
    'Point at: the headline ratio, now much larger.\nSay: client-side, sixteen replicas receive the stream sixteen times; server-side the total stays about one stream. The ratio grows with the number of replicas.\nLikely question: how can I watch this on a real API server?\nAnswer: v1.36 adds two alpha metrics, registered only with the gate on: apiserver_watch_shards_total, the sharded watches open, and apiserver_watch_filtered_events_total, the events the shard selector filtered out.',
  'story.fallback.title': 'Is my server sharding?',
  'story.fallback.1.title': 'The gate is off',
  'story.fallback.1.text':
    'This API server runs without the ShardedListAndWatch gate, so it ignores shardSelector and streams every replica the whole collection. A v1.36 client-go informer checks nothing it receives: each replica caches every object, with no error and no log line.',
  'story.fallback.1.q':
    'How can a replica tell that the server did not filter?',
  'story.fallback.1.a':
    'Not through client-go. It syncs by streaming list, which has no list page and so no shardInfo, and it reads neither shardInfo nor the selector. Only the controller’s own check, a cache four times too large, or the API server’s /metrics, which has no apiserver_watch_shards_total at all with the gate off, gives it away.',
  'story.fallback.1.notes':
    'Point at: the fallback badge on the cards, and the memory they use.\nSay: ShardedListAndWatch is alpha in v1.36 and off by default. Without it the server ignores shardSelector: no error, the whole collection to every replica.\nAsk: the question on the caption: how can a replica tell?\nThen: client-go checks nothing it receives, so nothing in the logs says so.',
  'story.fallback.2.title':
    'Checking every object',
  'story.fallback.2.text':
    'The controller checks every object with the same matcher before it reaches the cache. client-go has no such option; the controller adds it in its own code. Each replica keeps about a quarter again, with no duplicates; the saving is gone, since the server still sends everything.',
  'story.fallback.2.notes':
    'Point at: the owned counts, back to about a quarter, and the audit with no duplicates.\nSay: the controller checks each object with the same range matcher before it reaches the cache. The caches are right again; the bandwidth saving is not, since the server still sends everything.\nLikely question: where does that check go in my code?\nAnswer: in the controller, not in client-go: wrap the ListWatch (or the informer’s store) and drop objects whose hash falls outside the replica’s ranges.',
  'story.fallback.3.title':
    'Reading shardInfo',
  'story.fallback.3.text':
    'A client that reads metadata.shardInfo needs plain LIST pages, so it turns the streaming list off: LIST, then WATCH. This page has no shardInfo, and the client falls back to checking every object itself. It is the blog post’s advice taken literally; the check of step 2 works on every path.',
  'story.fallback.3.notes':
    'Point at: the list preview with no shardInfo, and the client’s badge.\nSay: shardInfo is only on plain LIST pages, so this client turns the streaming list off. No shardInfo on the page means the server did not filter, and it falls back to checking every object.\nLikely question: how do I turn the streaming list off?\nAnswer: client-go’s WatchListClient feature, on by default since client-go v0.35: set KUBE_FEATURE_WatchListClient=false. The check of step 2 works without it.',
  'story.fallback.4.title': 'Mixed gates',
  'story.fallback.4.text':
    'Two API servers, one with the gate and one without, as during a rollout, and client-go as shipped. With an L4 balancer a replica’s LIST and WATCH share one connection and one server: replicas on the gated server keep their share, the others cache everything. The audit counts the duplicates; only the check of step 2 is right on both.',
  'story.fallback.4.notes':
    'Point at: the two API-server badges, then the duplicates in the audit.\nSay: one server with the gate, one without, as in a rollout. Replicas on the gated server keep their share; the others cache everything.\nLikely question: would an L7 balancer help?\nAnswer: no: it spreads each request on its own, so a replica’s LIST and WATCH can land on different servers, and the mix gets worse. Only the controller’s own check is right on both.',
  'story.hot-namespaces.title': 'Hot namespaces',
  'story.hot-namespaces.1.title': 'Sharding by namespace',
  'story.hot-namespaces.1.text':
    'With object.metadata.namespace as the key, every pod of a namespace hashes to the same point, so a namespace is never split. Namespace sizes here are skewed: a few namespaces hold most of the pods.',
  'story.hot-namespaces.1.notes':
    'Point at: the hash strip: dots piled on a few points.\nSay: with the namespace as the key, every pod of a namespace hashes to the same point, so a namespace is never split.\nLikely question: where do cluster-scoped objects go?\nAnswer: their namespace is empty, and FNV-1a of an empty string is 0xcbf29ce484222325, so all of them fall in the one range that holds that point.',
  'story.hot-namespaces.2.title': 'A hot replica',
  'story.hot-namespaces.2.text':
    'With stronger skew, the replica whose range holds the biggest namespace owns far more than its share. Compare the owned counts on the cards.',
  'story.hot-namespaces.2.q': 'Would more replicas fix this?',
  'story.hot-namespaces.2.a': 'No: a namespace is never split, so the replica that owns the biggest namespace owns at least all of it, however many replicas there are.',
  'story.hot-namespaces.2.notes':
    'Point at: the owned counts: one card far above the others.\nSay: stronger skew: the replica whose range holds the biggest namespace owns far more than its fair share.\nAsk: the question on the caption: would more replicas fix it?',
  'story.hot-namespaces.4.title': 'Why uid is the default',
  'story.hot-namespaces.4.text':
    'uid hashes spread evenly whatever the namespaces look like, so each replica owns about an equal share. That even spread is why uid is the default key.',
  'story.hot-namespaces.4.notes':
    'Point at: the owned counts, even again.\nSay: uid hashes spread evenly whatever the namespaces look like; that is why uid is the default.\nLikely question: is the namespace key ever the better choice?\nAnswer: when a replica needs all of a namespace together, for example to reconcile objects that refer to each other. Then measure the skew first.',
  'story.hot-namespaces.3.title':
    'A cold shard',
  'story.hot-namespaces.3.text':
    'Eight replicas on the namespace key, six namespaces: two ranges hold no namespace and hear no event. client-go moves their resourceVersion on with the BOOKMARK each watch gets every minute. A client that drops BOOKMARKs, as kube-state-metrics v2.18 did, stays where its watch started; at the deadline, 5 to 10 minutes on, that is older than the watch cache holds: 410 Gone, then a relist, for both cold replicas. The clock runs sixteen times faster.',
  'story.hot-namespaces.3.q':
    'Why does a replica that receives nothing need BOOKMARKs at all?',
  'story.hot-namespaces.3.a':
    'To resume. A watch resumes from the last resourceVersion it saw; the watch cache keeps at least 75 s of history unless it is at its cap of 102,400 events (75 to 150 s at a steady rate), and never fewer than 100 events. A BOOKMARK carries the cache’s current resourceVersion, so a quiet watch can resume from now instead of from where it started.',
  'story.hot-namespaces.3.notes':
    'Point at: the two cold replicas: no events, then 410 Gone and a relist.\nSay: bookmarks are not shard-filtered: every watch that asks for them (client-go does) gets its own about every minute, carrying the cache’s current resourceVersion. A client that drops them stays where it started, and the watch cache keeps only 75 to 150 s of history at a steady rate.\nAsk: the question on the caption: why does a quiet replica need BOOKMARKs?\nkube-state-metrics fixed its bookmark filtering in v2.19.1.',
  'story.refused.title': 'Selectors the server refuses',
  'story.refused.1.title': 'A short bound',
  'story.refused.1.text':
    'replica-0’s selector starts at \'0x0\', not 16 hex digits. With the gate on, the API server refuses the request with HTTP 500 and “invalid shard selector:” followed by the parser’s reason.',
  'story.refused.1.q': 'Does replica-0 receive any objects?',
  'story.refused.1.a': 'No: the request fails before any stream starts, so replica-0 gets nothing until its selector is fixed.',
  'story.refused.1.notes':
    'Point at: replica-0’s error: HTTP 500 and the parser’s message.\nSay: the bound \'0x0\' is not 16 hex digits, so the gated server refuses the request before any stream starts, with “invalid shard selector:” and the reason.\nAsk: the question on the caption: does replica-0 get anything?\nAside: the ListOptions doc comment in apimachinery v0.36.3 writes the whole space as [0x0, 0x10000000000000000), yet \'0x0\' as a bound is refused.',
  'story.refused.2.title': 'Expression kind 3',
  'story.refused.2.text':
    'Here the start bound is written start, without quotes. CEL reads it as an identifier, and the apiserver names it by its kind number: expression kind 3.',
  'story.refused.2.notes':
    'Point at: the message “hexStart must be a string literal (e.g. \'0xff\'), got expression kind 3”.\nSay: without quotes, start is a CEL identifier, not a string; the apiserver prints the kind by its number.\nLikely question: what is kind 3?\nAnswer: cel-go’s identifier kind. The message names the number, so it helps to know that 3 means a bare name where a quoted string was expected.',
  'story.refused.3.title': 'With the gate off',
  'story.refused.3.text':
    'With the gate off, the server ignores shardSelector, even a malformed one: no HTTP 500, the whole stream, no shardInfo. client-go does not parse the selector either, so replica-0 caches every object, and nothing says its selector is wrong until a server with the gate refuses it.',
  'story.refused.3.notes':
    'Point at: replica-0 with no error at all, and its full cache.\nSay: with the gate off the server ignores shardSelector, even a malformed one: no HTTP 500, the whole stream. The mistake shows only when a server with the gate is reached.\nLikely question: how do we catch a bad selector before production?\nAnswer: test against an API server with --feature-gates=ShardedListAndWatch=true, or parse the selector with the apiserver’s rules in a unit test.',
  'story.refused.4.title': 'The quick fix',
  'story.refused.4.text':
    'The message itself proposes the fix: pad the bound to 16 hex digits. The quick-fix button under replica-0’s selector does exactly that.',
  'story.refused.4.notes':
    'Point at: the quick-fix button under replica-0’s selector.\nSay: the error proposes its own fix (“did you mean …?”): pad the bound to 16 hex digits. Press the button.\nLikely question: are uppercase hex digits accepted?\nAnswer: no: only lowercase a–f; the parser refuses uppercase with an invalid hex character error.',
  'story.refused.5.title': 'Fixed',
  'story.refused.5.text':
    'With every selector valid, replica-0 lists and watches its share again. The canonical text under each selector is what the server puts in shardInfo.',
  'story.refused.5.notes':
    'Point at: the canonical text under each selector.\nSay: every selector is valid and replica-0 lists and watches its share again. The canonical text is what the server echoes in shardInfo.\nLikely question: why does the echo differ from what I typed?\nAnswer: the server renders its own form: shardRange(key, \'start\', \'end\') terms joined with “ || ”. Compare with that, not with your input.',
  'story.resharding.title': 'Scaling from 4 to 5',
  'story.resharding.1.title': 'Four to five, equal ranges',
  'story.resharding.1.text':
    'At 5 s the run goes from four replicas to five. With equal ranges every boundary moves: each range shrinks from a quarter to a fifth, and about half of the objects (50 %) change owner. The mark on the timeline is the reshard.',
  'story.resharding.1.q': 'If the fifth replica only took its fair share from the others, what share of the objects would have to move?',
  'story.resharding.1.a': 'A fifth (20 %): only the objects the new replica ends up owning. Equal ranges move about half, more than twice that.',
  'story.resharding.1.notes':
    'Point at: the reshard mark on the timeline, then the share moved.\nSay: four replicas become five at 5 s. With equal ranges every boundary moves, and about half of the objects change owner.\nAsk: the question on the caption: what is the least that has to move?',
  'story.resharding.2.title': 'Jump hash moves a fifth',
  'story.resharding.2.text':
    'Client-side, jump hash (kube-state-metrics uses it) moves only what the fifth replica takes: about 20 %. Server-side cannot follow: jump hash buckets are not hash ranges, so no shardRange() selector expresses them, and the server-side run re-splits into equal ranges and still moves about half, as in step 1.',
  'story.resharding.2.notes':
    'Point at: the moved share, client-side against server-side.\nSay: kube-state-metrics shards with jump hash, which moves only what the new replica takes: about a fifth. Server-side still moves about half.\nLikely question: why can’t the server use jump hash?\nAnswer: the selector only expresses ranges: the parser accepts shardRange() and ||, nothing else, and jump-hash buckets are not ranges of the hash space.',
  'story.resharding.3.title': 'No owner for a while',
  'story.resharding.3.text':
    'All at once, every replica’s pod restarts with its new selector: shutdown, scheduling and start-up take about 8 s, then it lists again and owns nothing until that list has synced. Client-side each list is the whole collection, about 490 MB, so for about 18 s no object has an owner. Server-side each list is a fifth of it, and the window closes after about 10 s.',
  'story.resharding.3.q': 'How could a rollout keep every object owned during the switch?',
  'story.resharding.3.a':
    'Start the new informer before stopping the old one (make before break): objects then have two owners for a while, never none. kube-state-metrics does not do this; the last step shows what it would give.',
  'story.resharding.3.notes':
    'Point at: the hand-off report: the time with objects that have no owner.\nSay: every pod restarts at once: about 8 s to come back, then a LIST to sync. Client-side that LIST is the whole collection, so about 18 s without an owner; server-side about 10 s.\nAsk: the question on the caption: how could a rollout avoid the gap?',
  'story.resharding.4.title': 'Relist bytes',
  'story.resharding.4.text':
    'Every restarted replica syncs again, by streaming list as client-go does by default. Client-side, five syncs of the whole collection carry about 2.5 GB; server-side each carries a fifth of it, about 490 MB in all: five times less, the same 1/N saving as on the watch stream.',
  'story.resharding.4.notes':
    'Point at: the relists chart, and the bytes of the syncs.\nSay: five restarted replicas sync again. Client-side that is five whole collections, about 2.5 GB; server-side five slices, about 490 MB: the same 1/N as on the watch stream.\nLikely question: is the relist the expensive part of a reshard?\nAnswer: for bytes, yes: it is one burst of whole collections. The watch stream after it is where the saving keeps paying.',
  'story.resharding.5.title': 'One replica at a time',
  'story.resharding.5.text':
    'A StatefulSet rolling update restarts one pod at a time and moves on once it is ready: about every 20 s here, and the clock runs four times faster. At most about a quarter of the objects are without an owner at once instead of all of them, but the hand-off lasts about 100 s client-side. Replicas still on the old ranges overlap the new ones, so some objects have two owners meanwhile.',
  'story.resharding.5.q': 'Which is worse for a controller: objects with two owners for a while, or objects with none?',
  'story.resharding.5.a':
    'It depends on what the replicas do with them. Two owners that write the same object race: the second update carries a stale resourceVersion and gets 409 Conflict, then retries. kube-state-metrics exports the object’s series from both replicas, so sums over them double. With no owner, nothing reconciles or reports the object until the new owner has synced.',
  'story.resharding.5.notes':
    'Point at: the timeline: one restart about every 20 s; the clock runs four times faster.\nSay: a StatefulSet rolling update: at most about a quarter of the objects lack an owner at once, but the hand-off takes about 100 s client-side, and old and new ranges overlap meanwhile.\nAsk: the question on the caption: two owners or none, which is worse?',
  'story.resharding.6.title': 'New replicas first',
  'story.resharding.6.text':
    'Make before break, a design kube-state-metrics does not ship: the fifth replica starts and syncs first; then the others switch, one every 5 s, each starting its new informer beside the old one and dropping the old one once the new one has synced. No object is ever without an owner, in either mode; instead about a fifth of them have two owners at the peak, until every replica has switched.',
  'story.resharding.6.notes':
    'Point at: the hand-off chart: no orphans, and the peak of objects with two owners.\nSay: make before break: each replica starts its new informer beside the old one and drops the old one once the new one has synced. Nothing is ever without an owner.\nLikely question: does kube-state-metrics do this?\nAnswer: no. With --shard and --total-shards a new layout means new flags and a restart; with --pod and --pod-namespace it follows its StatefulSet and rebuilds its stores in the same process. Either way it drops the old shard before the new one has synced. This is a design you build, and each replica holds two caches for a while.',
  'story.rollout.title': 'Rolling the gate out across API servers',
  'story.rollout.1.title': 'Three servers, gate off',
  'story.rollout.1.text':
    'Three API servers run without the ShardedListAndWatch gate. They ignore shardSelector and client-go checks nothing, so every replica caches the whole collection, and server-side sends as many bytes as client-side: a ratio of 1.0×.',
  'story.rollout.1.notes':
    'Point at: the headline: 1.0×, and every replica’s full cache.\nSay: three API servers without the gate: they ignore shardSelector, client-go checks nothing, so server-side sends as much as client-side.\nLikely question: how can I see which servers shard?\nAnswer: apiserver_watch_shards_total counts the sharded watches a server serves; one without the gate does not even register it.',
  'story.rollout.2.title': 'A rolling upgrade',
  'story.rollout.2.text':
    'From 10 s the servers restart one by one, every 10 s, with the gate on. A restart ends every watch on that server; client-go re-watches from its last resourceVersion on another server, with no LIST and no backoff: seven resumes, no relists. Once every server has the gate, server-side sends 4× less, yet the caches stay full: objects outside a replica’s range get no more events, not even their DELETED, until it relists.',
  'story.rollout.2.q':
    'Between two restarts, can a replica LIST from one server and WATCH from another?',
  'story.rollout.2.a':
    'With the default L4 balancer one HTTP/2 connection carries both to one server. But a watch resumed after a restart goes wherever its new connection lands, so the LIST came from one server and the WATCH now from another. With an L7 balancer any request can go anywhere; after a GOAWAY the watch in flight runs on, and the next request, on a new connection, can land on any server.',
  'story.rollout.2.notes':
    'Point at: the restart marks on the timeline, then the resumes and relists.\nSay: servers restart one by one with the gate on. Each watch resumes on another server from its last resourceVersion: seven resumes, no relist. The bytes drop 4×, but caches stay full until a relist.\nAsk: the question on the caption: LIST from one server, WATCH from another?',
  'story.rollout.3.title':
    'Rolling the gate back',
  'story.rollout.3.text':
    'The gate is rolled back, one server at a time. A watch resumed on a gate-off server gets every event from its resourceVersion on, and client-go caches each object as it changes: by 45 s two replicas hold about a third of the collection, and grow. The two that hit 410 on a freshly restarted server relisted there and hold all of it.',
  'story.rollout.3.q':
    'Would reading shardInfo have caught it?',
  'story.rollout.3.a':
    'No. shardInfo is only on LIST pages; a resumed watch carries none. A client that trusts the stream after a LIST with shardInfo fills its cache the same way.',
  'story.rollout.3.notes':
    'Point at: the owned counts growing on two replicas.\nSay: the gate is rolled back. A watch that resumes on a server without it receives every event, and client-go caches each object as it changes. Nothing in client-go notices.\nAsk: the question on the caption: would shardInfo have caught it?',
  'story.rollout.4.title':
    'The checked client',
  'story.rollout.4.text':
    'The same rollback with the controller’s own check of every object. It catches exactly the events client-go kept, and every replica keeps its quarter through the whole rollback: no duplicates at any time. The check costs the controller a hash of each object it receives; the bandwidth saving is gone until the gate is back.',
  'story.rollout.4.notes':
    'Point at: the owned counts, flat at a quarter, and the audit with no duplicates.\nSay: the same rollback with the controller’s own check: it drops exactly what client-go kept. Caches stay right throughout; the bandwidth saving waits for the gate.\nLikely question: what does the check cost?\nAnswer: one FNV-1a 64 hash of each object received and a comparison per range: small next to decoding the object.',

  // talk: a talk's own slides (title, agenda, a section before each story, the end)
  'talk.default.title': 'Sharded LIST and WATCH in Kubernetes v1.36',
  'talk.default.subtitle': 'Each controller replica receives only the objects it owns: the problem, the mechanism, the saving, and what can still go wrong',
  'talk.start': 'PageDown, Space or → to begin',
  'talk.agenda': 'Agenda',
  'talk.minutes': '{count} min',
  'talk.part': 'Part {n} of {m}',
  'talk.steps': { one: '{count} step', other: '{count} steps' },
  'talk.end': 'Questions?',
  'talk.endLink': 'Scan the code to open this talk and step through it yourself.',
  'talk.endNoLink': 'This talk’s link is too long for a QR code.',
  'talk.slide.title': 'Title',
  'talk.slide.agenda': 'Agenda',
  'talk.slide.end': 'End',
  'talk.storyOf': 'Story {n} of {m}',
  // timeline: the run’s timeline (click to go to a time)
  'timeline.label': 'Timeline of the run: click to go to a time',
  'timeline.now': 'Now {time}',
  'timeline.reshard': 'Reshard to {to} replicas at {at} s',
  'timeline.burst': 'Rolling update in {namespace} at {at} s',
  'timeline.slowNote': 'Hatched, before {time}: no checkpoint left, a step back there replays from the start',
  'timeline.slow': 'Before {time} no checkpoint is left (their budget is {budget}): going there replays the run from the start, which takes seconds at a million objects',

  // unit: units beside a figure
  'unit.perSecond': '{value}/s',
  'unit.cpu': '{value} CPU',
  'unit.ratio': '{value}×',

  // verdict: the headline verdict and its problems
  // (the same texts as VERDICT_MESSAGES_EN in src/sim/report/verdict.ts)
  'verdict.headlineSettling': {
    one: '{count} replica: server-side should send {ratio}× less (expected; rates settle in {seconds} s)',
    other: '{count} replicas: server-side should send {ratio}× less (expected; rates settle in {seconds} s)',
  },
  'verdict.headlineSettlingSame': {
    one: '{count} replica: both modes should send the same (expected; rates settle in {seconds} s)',
    other: '{count} replicas: both modes should send the same (expected; rates settle in {seconds} s)',
  },
  // During a hand-off the headline gives it instead of a transient ratio.
  'verdict.headlineHandoff': {
    one: '{count} replica: hand-off in progress ({from} → {to} replicas): {orphans} objects with no owner, {duplicates} with two',
    other: '{count} replicas: hand-off in progress ({from} → {to} replicas): {orphans} objects with no owner, {duplicates} with two',
  },
  'verdict.headlineHandoffSettling': {
    one: '{count} replica: hand-off {from} → {to} done; the ratio returns at {at}, a rate window later',
    other: '{count} replicas: hand-off {from} → {to} done; the ratio returns at {at}, a rate window later',
  },
  'verdict.but': ' — but {problems}',
  'verdict.separator': '; ',
  'verdict.moreWhere': 'Every problem is listed under the ownership audit: click to go there',
  'verdict.problemsTitle': { one: '{count} problem', other: 'All {count} problems' },
  'verdict.more': { one: 'and {count} more problem', other: 'and {count} more problems' },
  'verdict.clientSide': 'client-side: {problem}',
  'verdict.gapsShare': '{share} of objects have no owner',
  'verdict.gapsCount': { one: '{formatted} object has no owner', other: '{formatted} objects have no owner' },
  'verdict.duplicatesShare': '{share} of objects have more than one owner',
  'verdict.duplicatesCount': { one: '{formatted} object has more than one owner', other: '{formatted} objects have more than one owner' },
  'verdict.http500': { one: '{replicas} gets HTTP 500', other: '{replicas} get HTTP 500' },
  'verdict.down': { one: '{replicas} is down (its selector does not parse)', other: '{replicas} are down (their selectors do not parse)' },
  'verdict.trust': {
    one: '{replicas} is on a gate-off API server and caches the whole collection, silently',
    other: '{replicas} are on gate-off API servers and cache the whole collection, silently',
  },
  'verdict.skewTrust': {
    one: '{events} duplicate events kept: {replicas} trusts a WATCH that a gate-off API server sends unfiltered',
    other: '{events} duplicate events kept: {replicas} trust a WATCH that a gate-off API server sends unfiltered',
  },
  'verdict.skewTrustPast': '{events} duplicate events kept while a WATCH that a gate-off API server sent unfiltered was trusted',
  'verdict.fallback': {
    one: '{replicas} is on a gate-off API server: it receives the whole stream and filters it locally',
    other: '{replicas} are on gate-off API servers: they receive the whole stream and filter it locally',
  },
  'verdict.hot': '{replica} receives {factor}× its fair share',
  'verdict.replicaCount': '{count} replicas',

  // video: recording a story as a WebM video
  'video.record': 'Record video',
  'video.recordTitle': 'Record this story as a WebM video: 1920 × 1080, 30 fps, each step shown for its narration’s reading time, the caption burned in',
  'video.noStory': 'Open a story to record it as a video',
  'video.recording': 'Recording “{story}” as a video: step {n} of {m}, {percent}',
  'video.progressLabel': 'Video recording progress',
  'video.cancel': 'Cancel',
  'video.done': 'Video saved: {seconds} s, 1920 × 1080 at 30 fps, {size}.',
  'video.downloadAgain': 'Download again',
  'video.close': 'Close',
  'video.cancelled': 'Recording cancelled; nothing was saved.',
  'video.unsupported': 'This browser cannot record video: it has neither a WebCodecs video encoder nor a MediaRecorder that writes WebM. Use a recent Chromium or Firefox, with the page on https, on localhost or opened from a file.',
  'video.failed': 'The video could not be recorded: {message}',

  // yc: “Your cluster”: owner lookup, balanced ranges, code to take away
  'yc.open': 'Owner lookup, balanced ranges, code',
  'yc.title': 'Your cluster: owners, ranges, code',
  'yc.subtitle': 'Find which replica owns an object, balance the ranges, take the code away. Nothing leaves the page.',
  'yc.close': 'Close',
  'yc.tabLookup': 'Owner lookup',
  'yc.tabBalance': 'Balanced ranges',
  'yc.tabCode': 'Code to take away',
  'yc.markerLabel': 'Looked-up hash {hash} on the hash space',
  'yc.lookupLabel': 'A uid, a namespace, a pod name (or namespace/name), or any text',
  'yc.lookupButton': 'Look up',
  'yc.lookupEmpty': 'Type or paste a value first.',
  'yc.lookupTooLong': 'At most {max} characters; this text has {length}.',
  'yc.what': 'What it is',
  'yc.lookupStale': 'The cluster has changed since: look it up again.',
  'yc.whatPodUid': 'Pod {pod}: its uid is the shard key.',
  'yc.whatPodNamespace': 'Pod {pod}: its namespace is the shard key.',
  'yc.whatMore': { one: '{formatted} more pod has this name.', other: '{formatted} more pods have this name.' },
  'yc.whatNamespace': { one: 'A namespace with {formatted} live object.', other: 'A namespace with {formatted} live objects.' },
  'yc.whatText': 'Not an object of this cluster: hashed as if it were an object’s {key}.',
  'yc.hashed': 'Value hashed',
  'yc.hash': 'FNV-1a 64',
  'yc.position': '({share} of the way along [0, 2^64), marked on the hash space)',
  'yc.textHash': 'FNV-1a 64 of the text itself',
  'yc.serverOwner': 'Server-side owner',
  'yc.clientOwner': 'Client-side owner',
  'yc.matched': 'Range that matched',
  'yc.noRange': 'none: the hash falls in a gap, and no replica receives this object',
  'yc.emptySelector': '{replica} sends no selector: it receives everything',
  'yc.nobody': 'no replica (a gap)',
  'yc.overlap': { one: '{count} replica', other: '{count} replicas: an overlap, the object is processed {count} times' },
  'yc.failing': { one: '({replicas} owns nothing: the API server rejects its selector with HTTP 500)', other: '({replicas} own nothing: the API server rejects their selectors with HTTP 500)' },
  'yc.clientRanges': 'the same ranges, checked by each replica after decoding the whole stream',
  'yc.clientJump': 'jump hash of the uid’s hash {hash} over {n} replicas, as kube-state-metrics does',
  'yc.clientJumpPerObject': 'jump hash reads each object’s uid: this namespace’s objects spread over all replicas',
  'yc.namespaceUnderUid': { one: 'The shard key is the uid: this namespace’s {count} object goes to the replica its own uid picks (look up a pod).', other: 'The shard key is the uid: each of this namespace’s {count} objects goes to the replica its own uid picks (look up a pod).' },
  'yc.noEngine': 'The model is not running yet; try again in a moment.',
  'yc.balanceFailed': 'The ranges could not be computed: {message}',
  'yc.applyRefused': 'Not applied: the parser rejects {replica}’s selector.',
  'yc.perSecond': '{value}/s',
  'yc.balanceHelpUid': 'Equal ranges are right for uids: their hashes are uniform, so each range gets its share. Balancing still helps when objects differ in size (bytes).',
  'yc.balanceHelpNamespace': 'With the namespace key every object of a namespace has the same hash: a namespace is one point of the space and is never split. A few large namespaces make equal ranges uneven; balanced ranges place the boundaries between namespaces so the replicas carry similar loads.',
  'yc.measure': 'Balance',
  'yc.measureObjects': 'objects',
  'yc.measureBytes': 'bytes',
  'yc.measureEvents': 'events',
  'yc.eventsNote': 'Events: the watch events each namespace or object sees per second under the churn rates (adds by namespace weight, updates and deletions spread over live objects; rolling-update bursts not counted).',
  'yc.balanceButton': { one: 'Compute balanced ranges for {count} replica', other: 'Compute balanced ranges for {count} replicas' },
  'yc.imbalance': 'Largest replica over the mean (max/mean):',
  'yc.imbalanceEqual': 'equal ranges {value}×',
  'yc.imbalanceBalanced': 'balanced {value}×',
  'yc.imbalanceOf': { one: 'over {groups} group, {total} in all ({measure})', other: 'over {groups} groups, {total} in all ({measure})' },
  'yc.stale': 'The layout, the shard key or the measure changed since: compute again.',
  'yc.colReplica': 'Replica',
  'yc.colEqual': 'Equal ranges',
  'yc.colBalanced': 'Balanced',
  'yc.colRange': 'Balanced range [start, end)',
  'yc.selectors': 'The balanced selectors',
  'yc.apply': { one: 'Apply to the replica', other: 'Apply to the {count} replicas' },
  'yc.applied': 'Applied: the replicas now send these selectors.',
  'yc.snippetsHelp': { one: 'For the layout on screen: {count} replica, shard key {key}. Only what exists in Kubernetes v1.36.', other: 'For the layout on screen: {count} replicas, shard key {key}. Only what exists in Kubernetes v1.36.' },
  'yc.snippetsRefused': 'No code for this layout: {replica}’s selector is rejected ({message}). Fix it in its card first.',
  'yc.snippetsRefusedEmpty': 'No code for this layout: {replica} sends no selector and would receive everything. Give it a range first.',
  'yc.snippetReplica': 'for',
  'yc.copySnippet': 'Copy: {name}',
  'yc.snippet.informer': 'client-go as shipped: informer factory with WithTweakListOptions',
  'yc.snippet.listwatch': 'client-go as it should be: a ListWatch that checks locally',
  'yc.snippet.split': 'Go helper: replica i of N, equal ranges (standard library only)',
  'yc.snippet.statefulset': 'StatefulSet: each pod learns its ordinal',
  'yc.snippet.kubectl': 'kubectl get --raw: the requests the cards show',
  'yc.snippet.flag': 'API server flag',
  'yc.snippet.promql': 'PromQL: the two sharding metrics',
  'yc.snippetNote.informer': 'What the v1.36 blog post shows. client-go checks nothing that comes back: behind an API server with the gate off, the informer caches the whole collection.',
  'yc.snippetNote.listwatch': 'Checks every listed object and every watch event with apimachinery’s own matcher, passes BOOKMARK events through (unlike kube-state-metrics’ filter before v2.19.1), works with streaming lists and plain LISTs, and logs once when a LIST page carries no shardInfo.',
  'yc.snippetNote.split': 'Prints the same strings as this page’s equal split, floor(i·2^64/N) as 0x%016x; a test runs it for N = 1 to 64.',
  'yc.snippetNote.statefulset': 'The downward API gives each pod the apps.kubernetes.io/pod-index label as SHARD_INDEX; SHARD_TOTAL must match spec.replicas.',
  'yc.snippetNote.kubectl': 'The LIST, WATCH and streaming-list URLs, query-escaped as client-go does, without the run’s own resourceVersion and timeouts.',
  'yc.snippetNote.flag': 'Alpha in v1.36 and off by default. A server with the gate off ignores shardSelector and sends everything.',
  'yc.snippetNote.promql': 'Both metrics are ALPHA, carry only the labels group and resource, and count watches served from the watch cache.',
} as const satisfies Readonly<Record<string, Message>>;

/** Every message id; another locale's catalogue must provide messages for these ids. */
export type MessageId = keyof typeof en;
