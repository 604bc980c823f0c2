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

  // issue 20: import a real cluster (the import dialog, hidden names, the link notice)
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
  'import.eventsNote': 'The stream’s final state is imported (deletions applied). Replaying the stream event by event is not built yet.',
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
  'import.dropHere': 'Drop the file to import it',

  // issue 11: README screenshot captions (alt text in README.md; README.zh-CN.md uses the zh-CN
  // text). The file of each is in docShots.ts; src/ui/i18n/readme-captions.test.ts keeps them equal.
  // Markdown alt text: no square brackets.
  'docs.shot.overview': 'ShardScope at 1280×720: 4 replicas with equal ranges; server-side sharding sends 4.0× less',
  'docs.shot.headlineFailure':
    'The headline in a failure case: both modes send the same, but every object has more than one owner, and 4 replicas are on gate-off API servers and cache the whole collection, silently',
  'docs.shot.memory':
    'Memory under both client styles: caching everything costs N times the server-side total; the LIST peak and decode allocation per mode',
  'docs.shot.listPreviewGateOff':
    'LIST previews: a gate-on API server sends only the shard, with shardInfo; a gate-off one sends the whole collection, and a client that checks keeps the replica’s share',
  'docs.shot.zhCN': 'ShardScope in Simplified Chinese at 1280×720',
  'docs.shot.reshardHandoff':
    'A 4 → 5 reshard: relist bytes and the objects without an owner or with two over time, then the hand-off report',
  'docs.shot.presentation':
    'Presentation mode at 1280×720: the headline and the audit, the hash space and the four comparison charts on one screen',
  'docs.shot.timelineReach': 'The timeline after 18 minutes at 1,000,000 objects: the first 9 minutes are hatched, no checkpoint is left there',
  'docs.shot.storyStep': 'A story step: the caption bar with the narration and a question for the class',
  'docs.shot.presentation1920': 'Presentation mode at 1920×1080: the same stage with room for the axes and the explanations',
  'docs.shot.presentation150':
    'Presentation mode during a story at 1280×720 zoomed to 150%: the caption folds to one row and two lines, the stage stays on one screen',

  // A shared link that could not be used as a whole
  'link.unreadable': 'This link’s state could not be read, so the default run is shown.',
  'link.version': 'This link was made by another version of ShardScope, so the default run is shown.',
  'link.invalid': {
    one: 'This link’s {fields} was not valid, so its default is used; everything else in the link was applied.',
    other: 'This link’s {fields} were not valid, so their defaults are used; everything else in the link was applied.',
  },
  'link.dismiss': 'Dismiss',
  // issue 23: the notice names at most ten fields, then counts the rest
  'link.andMore': { one: 'and 1 more', other: 'and {count} more' },
  // issue 8: links that round-trip
  'link.tooLongToOpen': 'This link is longer than the {limit} characters ShardScope writes, so it was not read and the default run is shown.',
  // issue 23: the same notices for a link opened in this tab, which keeps the run shown
  'link.unreadableKept': 'This link’s state could not be read, so the run shown is kept.',
  'link.versionKept': 'This link was made by another version of ShardScope, so the run shown is kept.',
  'link.tooLongToOpenKept': 'This link is longer than the {limit} characters ShardScope writes, so it was not read and the run shown is kept.',
  'link.tooLarge': 'This link is {length} characters long but unpacks to more than {limit} characters, the most ShardScope reads, so it was not read and the default run is shown.',
  'link.tooLargeKept': 'This link is {length} characters long but unpacks to more than {limit} characters, the most ShardScope reads, so it was not read and the run shown is kept.',
  'link.unknownStory': 'This link names a story ShardScope does not have ({story}), so the default run is shown.',
  'link.unknownStoryKept': 'This link names a story ShardScope does not have ({story}), so the run shown is kept.',
  'link.bothForms': 'This link holds both a #state= part and a #s= part: the #state= part was used, the #s= part ignored.',
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

  // Field validation
  'field.required': 'Enter a value.',
  'field.notANumber': 'Enter a number, e.g. 100000 or 100k.',
  'field.notAnInteger': 'Enter a whole number.',
  'field.outOfRange': 'Must be between {min} and {max}.',
  // issue 8: number fields read by the locale's marks
  'field.ambiguousDecimal': '“{text}” is unclear: with “{mark}” between groups of digits it reads as {read}. Type {read} for that, or {decimal} for a fraction.',
  'field.ambiguous': '“{text}” is unclear: digits are grouped in threes here, so it reads as {read}. Type {read} if you meant that.',
  // issue 23: a pasted page of digits is refused before it is read
  'field.tooLong': 'That is {length} characters; a number here has at most {max}.',
  'field.underflow': '“{text}” is too close to 0 to tell apart from it; type 0 if you meant that.',

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
  'card.listPreviewKind': 'Which LIST',
  'card.listPreviewInformer': 'Informer’s first LIST',
  'card.listPreviewPaged': 'First page of {size}',
  'card.listPreviewStreaming': 'replica-{replica} syncs by streaming list (a WATCH with sendInitialEvents=true): it never receives a list page, nor shardInfo. A LIST with its selector returns:',
  'card.listRemainingUnfiltered': 'v1.36.0 to v1.36.3 count every stored pod after this page, not this shard’s (SelectionPredicate.Empty ignores the shard selector); main, for v1.37, leaves the count out of sharded pages',
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
  // issue 7: settling rates and failing replicas
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

  // Selector editor
  'editor.quickFix': 'Use {suggestion}',
  'editor.quickFixTitle': 'Pad to 16 hex digits, as the apiserver suggests',
  'editor.valid': 'Accepted by the apiserver parser',
  'editor.validIgnored': 'Valid, but not applied: {server} has the ShardedListAndWatch gate off and ignores it',
  'editor.errorPrefix': 'Rejected by the apiserver parser:',
  'editor.lastGood': 'The last valid selector keeps its place in the hash space.',
  'editor.position': '(line {line}, column {column})',
  'editor.hint': 'Hint:',
  // issue 23: a paste far over the API server's limit is refused before it reaches the page
  'editor.tooLong': 'That paste has {length} characters; a selector holds at most {limit} (the API server’s limit), so it was not applied.',
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

  // issue 7: headline verdict (the same texts as VERDICT_MESSAGES_EN in src/sim/report/verdict.ts)
  'verdict.headlineSettling': {
    one: '{count} replica: server-side should send {ratio}× less (expected; rates settle in {seconds} s)',
    other: '{count} replicas: server-side should send {ratio}× less (expected; rates settle in {seconds} s)',
  },
  'verdict.headlineSettlingSame': {
    one: '{count} replica: both modes should send the same (expected; rates settle in {seconds} s)',
    other: '{count} replicas: both modes should send the same (expected; rates settle in {seconds} s)',
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
  'verdict.fallback': {
    one: '{replicas} is on a gate-off API server: it receives the whole stream and filters it locally',
    other: '{replicas} are on gate-off API servers: they receive the whole stream and filter it locally',
  },
  'verdict.hot': '{replica} receives {factor}× its fair share',
  'verdict.replicaCount': '{count} replicas',

  // issue 7: chart spread and rolling-update marks
  'bandwidth.burstMark': 'rolling update, namespace {namespace}',
  'bandwidth.hottest': 'hottest: {replica} {value} ({factor}× the mean)',

  // issue 7: client-side owners of the dots
  'hash.dotOwnersSame':
    'Client-side owners look the same here: with hash ranges each replica keeps exactly what the server would send it. They differ with jump hash, or when a server-side replica’s client-go caches what a gate-off API server sends.',
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
  // issue 23: a part of the page that fails to render says so in its place
  'error.panel': 'This part of the page stopped working ({message}). The rest of the simulator keeps running.',
  'error.panelRetry': 'Try again',
  'error.app': 'ShardScope stopped working ({message}). Reload the page: the address bar holds your run.',
  'error.appReload': 'Reload',

  // issue 7: server artefacts (LIST preview, metrics)
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
  'cost.title':
    'API servers, expected',
  'cost.cpuRow':
    'CPU: shard checks and encoding',
  'cost.checksRow':
    'of which shard checks',
  'cost.hashesRow':
    'FNV-1a hashes',
  'cost.egressRow':
    'Egress',
  'cost.decodeRow':
    'Client decode CPU, all replicas',
  'cost.summaryMore':
    'Server-side sharding costs the API servers {cpu} more, and saves {egress} of egress and {decode} on the clients.',
  'cost.summaryLess':
    'Server-side sharding costs the API servers {cpu} less, and saves {egress} of egress and {decode} on the clients.',
  'cost.summaryNone': 'No API server filters (the gate is off): server-side sharding neither costs nor saves anything; every replica gets the whole stream.',
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

  // issue 10: stories
  'stories.menu': 'Stories',
  'stories.menuTitle': 'Guided stories: step by step, from the problem to the fixes',
  'story.caption': 'Story',
  'story.countdown.reshard': 'reshard in {s} s',
  'story.countdown.restart': 'API server restart in {s} s',
  'story.stepOf': 'Step {n} of {m}',
  'story.prev': 'Previous step',
  'story.next': 'Next step',
  'story.exit': 'Leave story',
  'story.exitTitle': 'Leave the story and keep this state for free play (Esc)',
  'story.question': 'Question:',
  'story.answer': 'Answer to the last question:',
  'keys.storyExit': 'Leave the story (an opened question or narration folds first)',
  'story.problem.title': 'The problem',
  'story.problem.1.title': 'Every replica gets everything',
  'story.problem.1.text':
    'Four controller replicas share the pods by their uid. With client-side sharding each replica still watches every pod: the API server sends it the whole stream, it decodes every event, then drops the ones it does not own. The client-side lane of Event flow is that stream.',
  'story.problem.1.q': 'Of the events a replica decodes, how many does it keep?',
  'story.problem.1.a': 'Only those of the pods it owns: with four equal ranges, about a quarter. The rest were sent, carried and decoded for nothing.',
  'story.problem.2.title': 'Owned is not received',
  'story.problem.2.text':
    'Each card shows how many objects its replica owns, and what it receives and keeps per second. Client-side, the received rate is the whole stream on every card, whatever it owns.',
  'story.problem.3.title': 'More replicas, more waste',
  'story.problem.3.text':
    'With eight replicas the client-side total doubles: the API server now sends the whole stream eight times. Compare the bytes received on the cards with the API-server egress chart.',
  'story.mechanism.title': 'The mechanism',
  'story.mechanism.1.title': 'A hash of the uid',
  'story.mechanism.1.text':
    'Every pod has a metadata.uid. FNV-1a 64 turns it into a 64-bit number, a point in the hash space: one dot per pod, from 0x0000000000000000 on the left to 2^64 on the right.',
  'story.mechanism.2.title': 'Ranges [start, end)',
  'story.mechanism.2.text':
    'Each replica owns a range [start, end): the start is included, the end is not. The end of one range is the start of the next, so every hash has exactly one owner: no overlap, no gap.',
  'story.mechanism.2.q': 'A pod hashes to exactly 0x4000000000000000, a boundary. Which replica owns it?',
  'story.mechanism.2.a': 'replica-1, whose range starts there: a range includes its start and excludes its end, so replica-0 stops just before it.',
  'story.mechanism.3.title': 'The selector on the wire',
  'story.mechanism.3.text':
    'A replica asks for its range in the shardSelector parameter of its LIST and WATCH: shardRange(object.metadata.uid, start, end), with both bounds as quoted hex: 16 digits, or 0x10000000000000000 (2^64, 17 digits) for an end at the top. The request URL on each card is exactly what goes over the wire.',
  'story.mechanism.4.title': 'Several ranges with ||',
  'story.mechanism.4.text':
    'One replica may own several ranges, joined with ||. Here two replicas each own two interleaved quarters of the space; a pod matches when any one of its replica’s ranges holds its hash.',
  'story.saving.title': 'The saving',
  'story.saving.1.title': 'Side by side',
  'story.saving.1.text':
    'The same cluster and the same events run twice: server-side, the API server filters each replica’s stream; client-side, every replica gets everything. The headline says how many times fewer bytes the server sends.',
  'story.saving.2.title': 'Decoding costs CPU',
  'story.saving.2.text':
    'A replica must decode every event it receives before it can drop it. Server-side, each one decodes only its own share: compare the Decode CPU chart, and the events received on each card.',
  'story.saving.2.q': 'With four replicas, about what share of the client-side decoding does server-side sharding save?',
  'story.saving.2.a': 'About three quarters: each replica decodes roughly its own quarter of the events instead of all of them.',
  'story.saving.3.title': 'Memory',
  'story.saving.3.text':
    'Here the replicas filter in their event handlers, as a plain informer-based controller does, so client-side every replica caches every object. Server-side, each cache holds only its share: the memory table compares both.',
  'story.saving.4.title': 'Sixteen replicas',
  'story.saving.4.text':
    'With sixteen replicas the client-side stream is sent sixteen times, while the server-side total stays about one stream. The ratio in the headline grows with the number of replicas.',
  'story.fallback.title': 'Is my server sharding?',
  'story.fallback.1.title': 'The gate is off',
  'story.fallback.1.text':
    'This API server runs without the ShardedListAndWatch gate, so it ignores shardSelector and streams every replica the whole collection. A v1.36 client-go informer checks nothing it receives: each replica caches every object, with no error and no log line.',
  'story.fallback.1.q':
    'How can a replica tell that the server did not filter?',
  'story.fallback.1.a':
    'Not through client-go. It syncs by streaming list, which has no list page and so no shardInfo, and it reads neither shardInfo nor the selector. Only the controller’s own check, or a cache four times too large, gives it away.',
  'story.fallback.2.title':
    'Checking every object',
  'story.fallback.2.text':
    'The controller checks every object with the same matcher before it reaches the cache. client-go has no such option; the controller adds it in its own code. Each replica keeps about a quarter again, with no duplicates; the saving is gone, since the server still sends everything.',
  'story.fallback.3.title':
    'Reading shardInfo',
  'story.fallback.3.text':
    'A client that reads metadata.shardInfo needs plain LIST pages, so it turns the streaming list off: LIST, then WATCH. This page has no shardInfo, and the client falls back to checking every object itself. It is the blog post’s advice taken literally; the check of step 2 works on every path.',
  'story.fallback.4.title': 'Mixed gates',
  'story.fallback.4.text':
    'Two API servers, one with the gate and one without, as during a rollout, and client-go as shipped. With an L4 balancer a replica’s LIST and WATCH share one connection and one server: replicas on the gated server keep their share, the others cache everything. The audit counts the duplicates; only the check of step 2 is right on both.',
  'story.hot-namespaces.title': 'Hot namespaces',
  'story.hot-namespaces.1.title': 'Sharding by namespace',
  'story.hot-namespaces.1.text':
    'With object.metadata.namespace as the key, every pod of a namespace hashes to the same point, so a namespace is never split. Namespace sizes here are skewed: a few namespaces hold most of the pods.',
  'story.hot-namespaces.2.title': 'A hot replica',
  'story.hot-namespaces.2.text':
    'With stronger skew, the replica whose range holds the biggest namespace owns far more than its share. Compare the owned counts on the cards.',
  'story.hot-namespaces.2.q': 'Would more replicas fix this?',
  'story.hot-namespaces.2.a': 'No: a namespace is never split, so the replica that owns the biggest namespace owns at least all of it, however many replicas there are.',
  'story.hot-namespaces.4.title': 'Why uid is the default',
  'story.hot-namespaces.4.text':
    'uid hashes spread evenly whatever the namespaces look like, so each replica owns about an equal share. That even spread is why uid is the default key.',
  'story.hot-namespaces.3.title':
    'A cold shard',
  'story.hot-namespaces.3.text':
    'Eight replicas on the namespace key, six namespaces: two ranges hold no namespace and hear no event. client-go moves their resourceVersion on with the BOOKMARK each watch gets every minute. A client that drops BOOKMARKs, as kube-state-metrics v2.18 did, stays where its watch started; at the deadline, 5 to 10 minutes on, that is older than the watch cache holds: 410 Gone, then a relist, for both cold replicas. The clock runs sixteen times faster.',
  'story.hot-namespaces.3.q':
    'Why does a replica that receives nothing need BOOKMARKs at all?',
  'story.hot-namespaces.3.a':
    'To resume. A watch resumes from the last resourceVersion it saw; the watch cache keeps about 75 s of history. A BOOKMARK carries the cache’s current resourceVersion, so a quiet watch can resume from now instead of from where it started.',
  'story.refused.title': 'Selectors the server refuses',
  'story.refused.1.title': 'A short bound',
  'story.refused.1.text':
    'replica-0’s selector starts at \'0x0\', not 16 hex digits. With the gate on, the API server refuses the request with HTTP 500 and “invalid shard selector:” followed by the parser’s reason.',
  'story.refused.1.q': 'Does replica-0 receive any objects?',
  'story.refused.1.a': 'No: the request fails before any stream starts, so replica-0 gets nothing until its selector is fixed.',
  'story.refused.2.title': 'Expression kind 3',
  'story.refused.2.text':
    'Here the start bound is written start, without quotes. CEL reads it as an identifier, and the apiserver names it by its kind number: expression kind 3.',
  'story.refused.3.title': 'With the gate off',
  'story.refused.3.text':
    'With the gate off, the server ignores shardSelector, even a malformed one: no HTTP 500, the whole stream, no shardInfo. client-go does not parse the selector either, so replica-0 caches every object, and nothing says its selector is wrong until a server with the gate refuses it.',
  'story.refused.4.title': 'The quick fix',
  'story.refused.4.text':
    'The message itself proposes the fix: pad the bound to 16 hex digits. The quick-fix button under replica-0’s selector does exactly that.',
  'story.refused.5.title': 'Fixed',
  'story.refused.5.text':
    'With every selector valid, replica-0 lists and watches its share again. The canonical text under each selector is what the server puts in shardInfo.',
  // issue 10: the resharding story (issue 9's reshard model)
  'story.resharding.title': 'Scaling from 4 to 5',
  'story.resharding.1.title': 'Four to five, equal ranges',
  'story.resharding.1.text':
    'At 5 s the run goes from four replicas to five. With equal ranges every boundary moves: each range shrinks from a quarter to a fifth, and about half of the objects (50 %) change owner. The mark on the timeline is the reshard.',
  'story.resharding.1.q': 'If the fifth replica only took its fair share from the others, what share of the objects would have to move?',
  'story.resharding.1.a': 'A fifth (20 %): only the objects the new replica ends up owning. Equal ranges move about half, more than twice that.',
  'story.resharding.2.title': 'Jump hash moves a fifth',
  'story.resharding.2.text':
    'Client-side, jump hash (kube-state-metrics uses it) moves only what the fifth replica takes: about 20 %. Server-side cannot follow: jump hash buckets are not hash ranges, so no shardRange() selector expresses them, and the server-side run re-splits into equal ranges and still moves about half, as in step 1.',
  'story.resharding.3.title': 'No owner for a while',
  'story.resharding.3.text':
    'All at once, every replica’s pod restarts with its new selector: shutdown, scheduling and start-up take about 8 s, then it lists again and owns nothing until that list has synced. Client-side each list is the whole collection, about 490 MB, so for about 18 s no object has an owner. Server-side each list is a fifth of it, and the window closes after about 10 s.',
  'story.resharding.3.q': 'How could a rollout keep every object owned during the switch?',
  'story.resharding.3.a':
    'Start the new informer before stopping the old one (make before break): objects then have two owners for a while, never none. kube-state-metrics does not do this; the last step shows what it would give.',
  'story.resharding.4.title': 'Relist bytes',
  'story.resharding.4.text':
    'Every restarted replica syncs again, by streaming list as client-go does by default. Client-side, five syncs of the whole collection carry about 2.5 GB; server-side each carries a fifth of it, about 490 MB in all: five times less, the same 1/N saving as on the watch stream.',
  'story.resharding.5.title': 'One replica at a time',
  'story.resharding.5.text':
    'A StatefulSet rolling update restarts one pod at a time and moves on once it is ready: about every 20 s here, and the clock runs four times faster. At most about a fifth of the objects are without an owner at once instead of all of them, but the hand-off lasts about 100 s client-side. Replicas still on the old ranges overlap the new ones, so some objects have two owners meanwhile.',
  'story.resharding.5.q': 'Which is worse for a controller: objects with two owners for a while, or objects with none?',
  'story.resharding.5.a':
    'It depends on what the replicas do with them. Two owners that write the same object race: the second update carries a stale resourceVersion and gets 409 Conflict, then retries. kube-state-metrics exports the object’s series from both replicas, so sums over them double. With no owner, nothing reconciles or reports the object until the new owner has synced.',
  'story.resharding.6.title': 'New replicas first',
  'story.resharding.6.text':
    'Make before break, a design kube-state-metrics does not ship: the fifth replica starts and syncs first; then the others switch, one every 5 s, each starting its new informer beside the old one and dropping the old one once the new one has synced. No object is ever without an owner, in either mode; instead about a fifth of them have two owners at the peak, until every replica has switched.',
  // issue 10: the rollout story (issue 9's API servers over time)
  'story.rollout.title': 'Rolling the gate out across API servers',
  'story.rollout.1.title': 'Three servers, gate off',
  'story.rollout.1.text':
    'Three API servers run without the ShardedListAndWatch gate. They ignore shardSelector and client-go checks nothing, so every replica caches the whole collection, and server-side sends as many bytes as client-side: a ratio of 1.0×.',
  'story.rollout.2.title': 'A rolling upgrade',
  'story.rollout.2.text':
    'From 10 s the servers restart one by one, every 10 s, with the gate on. A restart ends every watch on that server; client-go re-watches from its last resourceVersion on another server, with no LIST and no backoff: seven resumes, no relists. Once every server has the gate, server-side sends 4× less, yet the caches stay full: objects outside a replica’s range get no more events, not even their DELETED, until it relists.',
  'story.rollout.2.q':
    'Between two restarts, can a replica LIST from one server and WATCH from another?',
  'story.rollout.2.a':
    'With the default L4 balancer one HTTP/2 connection carries both to one server. But a watch resumed after a restart goes wherever its new connection lands, so the LIST came from one server and the WATCH now from another. With an L7 balancer, or after a GOAWAY, any request can go anywhere.',
  'story.rollout.3.title':
    'Rolling the gate back',
  'story.rollout.3.text':
    'Now the gate is rolled back, one server at a time. A watch that resumes on a server without the gate receives every event from its resourceVersion on, and client-go caches every object as it changes: by 45 s two replicas hold about two thirds of the collection, and grow. The two that hit 410 on a freshly restarted server relisted there and hold all of it. Nothing in client-go notices.',
  'story.rollout.3.q':
    'Would reading shardInfo have caught it?',
  'story.rollout.3.a':
    'No. shardInfo is only on LIST pages; a resumed watch carries none. A client that trusts the stream after a LIST with shardInfo fills its cache the same way.',
  'story.rollout.4.title':
    'The checked client',
  'story.rollout.4.text':
    'The same rollback with the controller’s own check of every object. It catches exactly the events client-go kept, and every replica keeps its quarter through the whole rollback: no duplicates at any time. The check costs the controller a hash of each object it receives; the bandwidth saving is gone until the gate is back.',
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
    'metadata.shardInfo.selector on a LIST response: the selector the server applied, in canonical form. Its presence proves the list was filtered; a server with the gate off leaves it out. Only LIST pages carry it: watch events and the streaming list client-go uses by default have none.',
  'explain.gate.title': 'The feature gate',
  'explain.gate.text':
    'ShardedListAndWatch is an alpha switch of kube-apiserver (Kubernetes v1.36), off by default. Off, the server ignores shardSelector entirely, even a malformed one.',
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
    'A sharded watch checks every event in its own watcher: one FNV-1a per watcher per event, two for a MODIFIED (old and new object), nothing cached and no index. Serialisation is shared: each event is encoded once for all the watchers it reaches, in both modes. A LIST scans the whole cache and hashes every object, whatever the shard. About 225 ns a hash, as measured for Go’s hash/fnv and formatting by this project’s bench.',
  'explain.watchCache.title':
    'The watch cache',
  'explain.watchCache.text':
    'Each API server keeps recent events in memory: 100 to 102,400 of them, doubling or halving to hold about 75 s. A watch resumed from an older resourceVersion gets 410 Gone, sent as an ERROR event, and the client relists; BOOKMARKs keep a quiet watch’s resourceVersion fresh. With the watch cache off, watches are served from etcd, and in v1.36.0 to v1.36.3 such a watch with only a shard selector is not filtered at all.',
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
    'What each API server’s /metrics prints for the two alpha metrics of sharded watches: apiserver_watch_shards_total, the sharded watches open now (a gauge, whatever its name says), and apiserver_watch_filtered_events_total, every event a watcher’s shard check dropped, initial events of a streaming list included, twice for a MODIFIED. A series appears once it is first used, so an API server with the gate off prints neither.',
  'explain.resume.title':
    'Resume or relist',
  'explain.resume.text':
    'When a watch ends (its timeoutSeconds, a server restart, a reset connection, GOAWAY), client-go watches again from its last resourceVersion: no LIST, no backoff. Backoff follows only a refused connection or a 429. It relists only after 410 Gone or an error.',
  'ownerChange.notice': '{from} → {to} replicas: {moved} of {live} objects ({percent}) changed owner under equal ranges. Jump hash would move {jumpMoved} ({jumpPercent}).',
  // issue 10: event flow that explains
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
  // issue 9: resharding schedule, hand-off, timeline
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
  'handoff.title': 'Reshard hand-off',
  'handoff.line':
    'At {at} s, {from} → {to} replicas: {moved} of the objects changed owner. Without an owner: {clientOrphans} object-seconds client-side, {serverOrphans} server-side; owned twice: {clientDuplicates} and {serverDuplicates}. One owner each again after {clientSettle} client-side, {serverSettle} server-side.',
  'handoff.relist': 'Relists: {clientBytes} client-side (every LIST is the whole collection) against {serverBytes} server-side: {ratio}× less.',
  'bandwidth.relistBytes': 'Relist bytes',
  'bandwidth.handoff': 'Objects without an owner or with two',
  'bandwidth.reshardMark': 'reshard {from} → {to}',
  'timeline.label': 'Timeline of the run: click to go to a time',
  'timeline.now': 'Now {time}',
  'timeline.reshard': 'Reshard to {to} replicas at {at} s',
  'timeline.burst': 'Rolling update in {namespace} at {at} s',
  'app.replaying': 'Going back to {time}: no checkpoint is left that far back, so the run replays from the start…',
  'timeline.slowNote': 'Hatched, before {time}: no checkpoint left, a step back there replays from the start',
  'timeline.slow': 'Before {time} no checkpoint is left (their budget is {budget}): going there replays the run from the start, which takes seconds at a million objects',
  // issue 10: export and share
  'export.caption': 'ShardScope · {replicas} replicas · {objects} objects · {key} · API servers: {gates} · seed {seed}',
  'export.noLink': 'This run is too large for a link.',
  'export.png': 'Export {target} as PNG (2×, with a caption)',
  'export.svg': 'Export {target} as SVG',
  'export.pngShort': 'PNG',
  'export.svgShort': 'SVG',
  // issue 23: a PNG that does not fit a browser canvas at 2x
  'export.reduced': 'This view is too large for a browser canvas at 2×, so the PNG is at {scale}×.',
  'export.reducedColumns': 'This view is too large for a browser canvas at 2×, so the PNG is at {scale}×, cut into {count} columns side by side.',
  'export.refused': 'The browser refused to make this {width} × {height} pixel PNG, so no file was saved.',
  'export.target.view': 'the simulation',
  'export.target.hash': 'the hash space',
  'export.target.comparison': 'the client-side vs server-side charts',
  'export.target.flow': 'the event flow',
  'export.target.replica': 'replica-{replica}’s card',
  'share.menu': 'Share: PNG for a slide, QR code',
  'qr.open': 'Show a QR code of the link to this run',
  'qr.title': 'QR code of this run',
  'qr.description': 'Scan it to open this exact run (same seed, parameters and selectors).',
  'qr.close': 'Close',
  'qr.tooLong': 'This run is too large for a QR code; share a shorter one.',
  // issue 10: presentation mode, keys and clicker
  'presentation.toggle': 'Presentation mode',
  'presentation.toggleTitle': 'Projector layout: hash space, headline and comparison on one screen (p)',
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
  'bandwidth.auditOkShort': 'one owner each',
  'bandwidth.auditGapsShort': { one: '{formatted} with no owner', other: '{formatted} with no owner' },
  'bandwidth.auditDuplicatesShort': { one: '{formatted} with 2+ owners', other: '{formatted} with 2+ owners' },
  // issue 9: API servers over time and the watch lifecycle
  'verdict.skewTrust': {
    one: '{events} duplicate events kept: {replicas} trusts a WATCH that a gate-off API server sends unfiltered',
    other: '{events} duplicate events kept: {replicas} trust a WATCH that a gate-off API server sends unfiltered',
  },
  'verdict.skewTrustPast': '{events} duplicate events kept while a WATCH that a gate-off API server sent unfiltered was trusted',
  'controls.client': 'Client each replica runs',
  'controls.clientGo': 'client-go as shipped (v1.36)',
  'controls.clientChecked': 'client-go + local check',
  'controls.clientShardinfo': 'reads shardInfo (LIST)',
  'controls.clientKsm': 'kube-state-metrics v2.20',
  'controls.clientKsm218': 'kube-state-metrics v2.18',
  'controls.clientGoHelp': 'An informer built with WithTweakListOptions, as shipped: client-go reads neither shardSelector nor shardInfo, so it caches whatever arrives. The default.',
  'controls.clientCheckedHelp': 'client-go plus the controller’s own check of every listed object and every event with the same matcher, before the cache: the only check that works with streaming lists.',
  'controls.clientShardinfoHelp': 'Checks shardInfo on its LIST pages and trusts the stream after one; without it, filters locally. Lists then watches. It breaks when a resumed watch lands on a gate-off server.',
  'controls.clientKsmHelp': 'kube-state-metrics v2.20.0: client-side sharding (FNV-1a of the uid, then jump hash), filtered inside its ListWatch; bookmarks pass through. It sends no selector: its server-side column keeps the same filter.',
  'controls.clientKsm218Help': 'kube-state-metrics v2.18.0 (client-go v0.34, LIST then WATCH): its watch.Filter also filters BOOKMARKs, whose empty uid hashes to one shard, so every other shard’s resourceVersion lags and a resume can get 410 Gone.',
  'lifecycle.initialListOnlyList': 'This client lists, then watches: shardinfo reads LIST pages, and kube-state-metrics v2.18 is built on client-go v0.34, whose WatchListClient is off.',
  'lifecycle.routing': 'Load balancer',
  'lifecycle.routingL4': 'L4: one HTTP/2 connection',
  'lifecycle.routingL7': 'L7: each request on its own',
  'lifecycle.goaway': 'GOAWAY chance per request',
  'lifecycle.routingHelp': 'client-go sends a replica’s requests over one HTTP/2 connection: behind an L4 balancer its LIST, its WATCH and every resumed watch reach the same API server until the connection closes (a restart, or GOAWAY: kube-apiserver’s --goaway-chance, at most 0.02). An L7 balancer spreads each request.',
  'lifecycle.group': 'API servers over time',
  'lifecycle.rollout': 'Rolling upgrade',
  'lifecycle.rolloutHelp': 'Restarts API server i at start + i × interval with the gate set as chosen; its watches drop and their clients relist through the load balancer.',
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
  // issue 11: Simplified Chinese (language switch, apiserver error explanations)
  'lang.label': 'Language',
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
  // issue 9: editing the running layout after a reshard
  'running.note': 'Running layout after the reshard at {at} s ({count} replicas): edits apply to it. The start layout ({start} replicas) is back when you step back before {at} s.',
  'running.resetHint': 'Give every running replica an equal range again',
  // issue 10: the story caption folded on a short stage (presentation mode at 150% zoom)
  'story.more': 'More',
  'story.moreQuestion': 'Question',
  'story.moreAnswer': 'Answer',
  'story.less': 'Less',
  // issue 19, point 5: a hand-off in the headline instead of a transient ratio
  'verdict.headlineHandoff': {
    one: '{count} replica: hand-off in progress ({from} → {to} replicas): {orphans} objects with no owner, {duplicates} with two',
    other: '{count} replicas: hand-off in progress ({from} → {to} replicas): {orphans} objects with no owner, {duplicates} with two',
  },
  'verdict.headlineHandoffSettling': {
    one: '{count} replica: hand-off {from} → {to} done; the ratio returns at {at}, a rate window later',
    other: '{count} replicas: hand-off {from} → {to} done; the ratio returns at {at}, a rate window later',
  },
} as const satisfies Readonly<Record<string, Message>>;

/** Every message id; another locale's catalogue must provide messages for these ids. */
export type MessageId = keyof typeof en;
