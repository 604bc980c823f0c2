/**
 * The English message catalogue. Every string the UI shows comes from here (apiserver
 * artefacts such as error messages, metric names and URLs are shown verbatim and are not
 * translated: people copy them into their clusters). Another locale provides the same ids.
 *
 * A message is a string with `{name}` placeholders, or plural forms keyed by
 * `Intl.PluralRules` category (`one`, `other`, ...) selected by the `count` parameter.
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
  'app.name': 'ShardScope',
  'app.tagline': 'Server-side sharded LIST & WATCH · Kubernetes v1.36 · KEP-5866',
  'app.loading': 'Generating {count} objects…',
  'app.skipToMain': 'Skip to the simulation',

  // A shared link that could not be used as a whole
  'link.unreadable': 'This link’s state could not be read, so the default run is shown.',
  'link.version': 'This link was made by another version of ShardScope, so the default run is shown.',
  'link.invalid': {
    one: 'This link’s {fields} was not valid, so its default is used; everything else in the link was applied.',
    other: 'This link’s {fields} were not valid, so their defaults are used; everything else in the link was applied.',
  },
  'link.dismiss': 'Dismiss',
  // issue 8: links that round-trip
  'link.tooLongToOpen': 'This link is longer than the {limit} characters ShardScope writes, so it was not read and the default run is shown.',
  'link.tooLong':
    'This run is too large for a link: it would take {length} characters, over the {limit} a link may have, and replica-{replica}’s selector takes {selectorLength} of them. The address bar keeps the last run that fit; shorten that selector to share this one.',
  'link.copy': 'Copy link',
  'link.copyLabel': 'Copy a link to this exact run',
  'link.copied': 'Link copied',

  // Header: playback and view
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

  // Keyboard help
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

  // Control panel
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
  'controls.bookmarkEverySec': 'BOOKMARK every (s)',
  'controls.replicasGroup': 'Controller replicas',
  'controls.replicas': 'Replicas',
  'controls.shardKey': 'Shard key (object.metadata.…)',
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
  'controls.fallback': 'Fall back to client-side filtering when shardInfo is missing',
  'controls.fallbackOn': 'on',
  'controls.fallbackOff': 'off',
  'controls.keptRunning': 'The simulation keeps the last valid value.',

  // Field validation
  'field.required': 'Enter a value.',
  'field.notANumber': 'Enter a number, e.g. 100000 or 100k.',
  'field.notAnInteger': 'Enter a whole number.',
  'field.outOfRange': 'Must be between {min} and {max}.',
  // issue 8: number fields read by the locale's marks
  'field.ambiguousDecimal': '“{text}” is unclear: with “{mark}” between groups of digits it reads as {read}. Type {read} for that, or {decimal} for a fraction.',
  'field.ambiguous': '“{text}” is unclear: digits are grouped in threes here, so it reads as {read}. Type {read} if you meant that.',

  // Hash space view
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

  // Replica cards
  'cards.title': 'Replicas',
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
  'card.badgeFallback': 'Fallback: client-side filtering',
  'card.badgeFallbackTitle': 'The LIST came back without shardInfo, so this replica filters on its side',
  'card.badgeNaive': 'No shardInfo: processing everything',
  'card.badgeNaiveTitle': 'Fallback is off: this replica trusts an unfiltered stream and owns objects it should not',
  'card.badgeRejected': 'HTTP 500',
  'card.badgeRejectedTitle': 'The API server rejected the selector',
  'card.badgeSharded': 'Server-side sharded',
  'card.badgeClientError': 'Stopped: bad selector',
  'card.badgeClientErrorTitle': 'The server ignored the selector (gate off), and the replica cannot parse it to filter on its side',
  'card.rejectedBody': 'invalid shard selector: {message}',
  'card.showMore': 'Show {count} more replicas',
  'card.showLess': 'Show fewer replicas',
  // issue 7: settling rates and failing replicas
  'card.settling': 'settling, {seconds} s',
  'card.settlingTitle': 'Measured only since the last change: the rate window is full in {seconds} s. Until then these are not steady-state figures (the chart keeps the relist spike).',
  'card.noSelector': 'No selector, so the API server returns the whole collection, without shardInfo (client-go leaves out an empty parameter).',
  'card.noSelectorFallback': 'The local fallback filter has nothing to filter by: this replica keeps every object.',
  'card.noSelectorTrust': 'Fallback is off: this replica keeps every object it is sent.',

  // Selector editor
  'editor.quickFix': 'Use {suggestion}',
  'editor.quickFixTitle': 'Pad to 16 hex digits, as the apiserver suggests',
  'editor.valid': 'Accepted by the apiserver parser',
  'editor.errorPrefix': 'Rejected by the apiserver parser:',
  'editor.lastGood': 'The last valid selector keeps its place in the hash space.',
  'editor.position': '(line {line}, column {column})',
  'editor.empty': 'Empty: no shardSelector parameter is sent, so this replica asks for everything.',

  // Bandwidth panel
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

  // issue 7: headline verdict (the same texts as VERDICT_MESSAGES_EN in src/sim/verdict.ts)
  'verdict.headlineSettling': {
    one: '{count} replica: server-side should send {ratio}× less (expected; rates settling)',
    other: '{count} replicas: server-side should send {ratio}× less (expected; rates settling)',
  },
  'verdict.but': ' — but {problems}',
  'verdict.more': { one: 'and {count} more problem', other: 'and {count} more problems' },
  'verdict.clientSide': 'client-side: {problem}',
  'verdict.gapsShare': '{share} of objects have no owner',
  'verdict.gapsCount': { one: '{formatted} object has no owner', other: '{formatted} objects have no owner' },
  'verdict.duplicatesShare': '{share} of objects have more than one owner',
  'verdict.duplicatesCount': { one: '{formatted} object has more than one owner', other: '{formatted} objects have more than one owner' },
  'verdict.http500': { one: '{replicas} gets HTTP 500', other: '{replicas} get HTTP 500' },
  'verdict.down': { one: '{replicas} is down (its selector does not parse)', other: '{replicas} are down (their selectors do not parse)' },
  'verdict.trust': {
    one: '{replicas} gets no shardInfo and keeps everything it is sent',
    other: '{replicas} get no shardInfo and keep everything they are sent',
  },
  'verdict.fallback': {
    one: '{replicas} gets no shardInfo and filters the whole stream locally',
    other: '{replicas} get no shardInfo and filter the whole stream locally',
  },
  'verdict.hot': '{replica} receives {factor}× its fair share',
  'verdict.replicaCount': '{count} replicas',

  // issue 7: chart spread and rolling-update marks
  'bandwidth.burstMark': 'rolling update, namespace {namespace}',
  'bandwidth.hottest': 'hottest: {replica} {value} ({factor}× the mean)',

  // issue 7: client-side owners of the dots
  'hash.dotOwnersSame':
    'Client-side owners look the same here: with hash ranges each replica keeps exactly what the server would send it. They differ with jump hash, or when a server-side replica naively trusts a gate-off API server.',
  'hash.dotOwnersSameJump': 'Client-side owners happen to match server-side ones for every object now.',
  'hash.dotOwnersDiffer': {
    one: 'Client-side owners differ for {formatted} object ({share}).',
    other: 'Client-side owners differ for {formatted} objects ({share}).',
  },

  // Event flow
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
  'flow.legendDropped': 'dropped',
  'flow.legendFiltered': 'filtered at the server',
  'flow.legendBookmark': 'BOOKMARK (to everyone)',
  'flow.description':
    'Client-side: every event reaches every replica and is dropped by all but its owner. Server-side: each event goes only to its owner; bookmarks still reach everyone.',

  // Units and formats
  'unit.perSecond': '{value}/s',
  'unit.cpu': '{value} CPU',
  'unit.ratio': '{value}×',

  // Errors the page itself may show
  'error.engine': 'The simulation stopped: {message}',
  'error.parameters': 'The model refused these parameters: {message}',
  'error.retry': 'Try again',

  // issue 7: server artefacts (LIST preview, metrics)
  'card.listSentWhole': {
    one: '{formatted} pod sent, {bytes}: the whole collection (the server did not filter)',
    other: '{formatted} pods sent, {bytes}: the whole collection (the server did not filter)',
  },
  'card.listSentShard': { one: "{formatted} pod sent, {bytes}: this replica's shard only", other: "{formatted} pods sent, {bytes}: this replica's shard only" },
  'card.listKeptFallback': {
    one: 'fallback: replica-{replica} filters locally and keeps {formatted} pod ({bytes}) of the {sent} it decoded',
    other: 'fallback: replica-{replica} filters locally and keeps {formatted} pods ({bytes}) of the {sent} it decoded',
  },
  'card.listKeptTrust': {
    one: 'naive trust (fallback off): replica-{replica} keeps all {formatted} pod ({bytes}), its own or not',
    other: 'naive trust (fallback off): replica-{replica} keeps all {formatted} pods ({bytes}), its own or not',
  },
  'card.listKeptNone': 'replica-{replica} decoded all {sent} and keeps none: it cannot parse its own selector to filter locally',
  'card.listPending': 'fetching the new response…',
  'bandwidth.metricsServer': '# apiserver-{index} (ShardedListAndWatch={gate})',
  'bandwidth.metricsNoneGateOff':
    '# no series yet: the gate is off, so this server ignores shardSelector and never opens a sharded watch; a metric with no series prints nothing',
  'bandwidth.metricsNoneYet': '# no series yet: no sharded watch has been opened on this server; a metric with no series prints nothing',
  'bandwidth.metricsNoFilteredYet': '# {metric}: no series yet: no event has been filtered out on this server so far',
  // issue 7: memory
  'controls.clientCache': 'Informer cache holds',
  'controls.clientCacheOwned': 'Its share (filter first, as kube-state-metrics)',
  'controls.clientCacheAll': 'All it receives (as controller-runtime)',
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
  'card.memoryHelp': 'Informer cache of this replica under each client style, its LIST peak and decode allocation',
  'card.memoryCache': 'cache: {style}',
  'memory.styleOwnedShort': 'filter first',
  'memory.styleAllShort': 'cache all',
  'card.memoryListPeak': 'LIST peak',
  'card.memoryAlloc': 'decode allocation',
  // issue 8: engine (the model on the page's own thread when its worker cannot start)
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
  // issue 8: live objects capped
  'controls.refusedAdds': {
    one: '{formatted} add refused: the cluster holds at most {max} live objects, so adds wait for deletes to make room.',
    other: '{formatted} adds refused: the cluster holds at most {max} live objects, so adds wait for deletes to make room.',
  },

  // issue 8: many ranges (limit, collapsed boundary handles)
  'card.rangeLimit':
    'All selectors together would hold {total} ranges; ShardScope simulates at most {limit} across all replicas, so the run keeps the last selectors that fit. Remove ranges to apply this one.',
  'link.tooManyRanges': 'Its selectors hold {total} ranges in all; ShardScope simulates at most {limit}, so every replica takes its equal share.',
  'hash.bandsThin': {
    one: 'replica-{replica}: {count} range too narrow to show apart at this width',
    other: 'replica-{replica}: {count} ranges too narrow to show apart at this width',
  },
  'hash.handleGroup': {
    one: '{count} boundary at {from}',
    other: '{count} boundaries from {from} to {to}, too close together to drag here: edit the selectors to move them',
  },

  // issue 9: API servers over time and the watch lifecycle
  'verdict.skewTrust': {
    one: '{events} duplicate events kept: {replicas} trusts a WATCH that a gate-off API server sends unfiltered',
    other: '{events} duplicate events kept: {replicas} trust a WATCH that a gate-off API server sends unfiltered',
  },
  'verdict.skewTrustPast': '{events} duplicate events kept while a WATCH that a gate-off API server sent unfiltered was trusted',
  'lifecycle.group': 'API servers over time',
  'lifecycle.rollout': 'Rolling upgrade',
  'lifecycle.rolloutHelp': 'Restarts API server i at start + i × interval with the gate set as chosen; its watches drop and their clients relist through the load balancer.',
  'lifecycle.rolloutGate': 'Gate after restart',
  'lifecycle.rolloutAt': 'First restart (s)',
  'lifecycle.rolloutEvery': 'Interval (s)',
  'lifecycle.watchPolicy': 'After a LIST with shardInfo',
  'lifecycle.watchPolicyHelp': 'A LIST and the WATCH after it may land on different API servers: trusting the stream keeps what a gate-off server sends unfiltered; checking locally costs a hash per event and catches it.',
  'lifecycle.trust': 'trust the stream',
  'lifecycle.check': 'check locally too',
  'lifecycle.initialList': 'Initial list',
  'lifecycle.initialListHelp': 'A streaming list (sendInitialEvents) has no LIST response, so no shardInfo: the client always filters locally; its initial events pass the server’s shard filter.',
  'lifecycle.list': 'LIST then WATCH',
  'lifecycle.watchList': 'streaming list',
  'lifecycle.watchTimeouts': 'Watch timeouts',
  'lifecycle.watchTimeoutsHelp': 'Watches end after 5 to 10 minutes, as client-go draws it, and resume from their last resourceVersion without a relist.',
  'lifecycle.restartMark': '{name} restarts',
  'lifecycle.relistChart': 'Relist bytes (peak per second)',
  'lifecycle.summary': 'relists {relists} ({bytes}) · duplicate events kept {missed} · caught {caught}',
} as const satisfies Readonly<Record<string, Message>>;

/** Every message id; another locale's catalogue must provide messages for these ids. */
export type MessageId = keyof typeof en;
