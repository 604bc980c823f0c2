/**
 * The Go snippets of the code to take away, generated for a replica
 * layout. Every identifier they use from Kubernetes exists in v0.36.3 (apimachinery
 * `pkg/sharding`, `pkg/apis/meta/v1`, `pkg/api/meta`, `pkg/watch`; client-go `informers`,
 * `tools/cache`, `kubernetes`; api `core/v1`): tests/fixtures/snippets/identifiers.json lists
 * each with its file, and a test holds every snippet to that list. gofmt prints nothing for them.
 */
import { SHARD_KEYS, goQuote, type ShardRangeRequirement } from '../../core/sharding';

/** A Go string literal (Go's `%q`) for `s`. */
const q = (s: string): string => goQuote(s);

/**
 * client-go as shipped: an informer factory whose every LIST and WATCH carries this replica's
 * `shardSelector` (what the v1.36 blog post shows). The replica's ordinal and the replica count
 * come from the environment the StatefulSet snippet sets.
 */
export function informerSnippet(selectors: readonly string[], key: string): string {
  const n = selectors.length;
  return `package shardclient

import (
	"fmt"
	"os"
	"strconv"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
)

// shardSelectors holds the shardSelector of each of the ${n} replicas (shard key ${key}).
var shardSelectors = []string{
${selectors.map((s, i) => `\t// replica ${i}\n\t${q(s)},`).join('\n')}
}

// NewShardedInformerFactory returns an informer factory whose every LIST and WATCH asks the
// API server for this replica's shard only. client-go itself checks nothing: an API server
// with the ShardedListAndWatch gate off sends the whole collection and the informer caches it
// (see NewCheckedListWatch).
func NewShardedInformerFactory(client kubernetes.Interface, resync time.Duration) (informers.SharedInformerFactory, error) {
	index, err := replicaIndex()
	if err != nil {
		return nil, err
	}
	selector := shardSelectors[index]
	return informers.NewSharedInformerFactoryWithOptions(client, resync,
		informers.WithTweakListOptions(func(o *metav1.ListOptions) {
			o.ShardSelector = selector
		}),
	), nil
}

// replicaIndex reads SHARD_INDEX (the pod's ordinal) and checks SHARD_TOTAL against the
// layout these selectors were generated for.
func replicaIndex() (int, error) {
	total, err := strconv.Atoi(os.Getenv("SHARD_TOTAL"))
	if err != nil || total != len(shardSelectors) {
		return 0, fmt.Errorf("SHARD_TOTAL is %q, but these selectors are for %d replicas", os.Getenv("SHARD_TOTAL"), len(shardSelectors))
	}
	index, err := strconv.Atoi(os.Getenv("SHARD_INDEX"))
	if err != nil || index < 0 || index >= total {
		return 0, fmt.Errorf("SHARD_INDEX must be an integer from 0 to %d, got %q", total-1, os.Getenv("SHARD_INDEX"))
	}
	return index, nil
}
`;
}

/**
 * client-go as it should be: a ListWatch that also checks every listed object and every watch
 * event with apimachinery's own matcher, passes BOOKMARK and ERROR events through untouched,
 * and logs once when a LIST page carries no `shardInfo`. The same check covers a streaming
 * list (its initial state arrives as ADDED events) and a plain LIST.
 */
export function checkedListWatchSnippet(ranges: readonly (readonly ShardRangeRequirement[])[]): string {
  const n = ranges.length;
  const layout = ranges
    .map((rs, i) => `\t{ // replica ${i}\n${rs.map((r) => `\t\t{Key: ${q(r.key)}, Start: ${q(r.start)}, End: ${q(r.end)}},`).join('\n')}\n\t},`)
    .join('\n');
  return `package shardclient

import (
	"context"
	"log"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/sharding"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// replicaRanges holds the ranges of each of the ${n} replicas.
var replicaRanges = [][]sharding.ShardRangeRequirement{
${layout}
}

// NewCheckedPodInformer returns a pod informer for replica index whose requests carry its
// shardSelector and whose cache holds only its shard, whatever the API server sends.
func NewCheckedPodInformer(client kubernetes.Interface, index int) cache.SharedIndexInformer {
	selector := sharding.NewSelector(replicaRanges[index]...)
	lw := cache.NewFilteredListWatchFromClient(client.CoreV1().RESTClient(), "pods", metav1.NamespaceAll,
		func(o *metav1.ListOptions) { o.ShardSelector = selector.String() })
	return cache.NewSharedIndexInformer(
		cache.ToListWatcherWithWatchListSemantics(NewCheckedListWatch(lw, selector), client),
		&corev1.Pod{}, 0, cache.Indexers{})
}

// NewCheckedListWatch checks every object of every LIST page and every watch event with the
// API server's own matcher before the informer sees it. An API server with the
// ShardedListAndWatch gate off ignores shardSelector and sends everything; a streaming list
// (the default since client-go 1.35) never carries shardInfo, so only this check works there.
func NewCheckedListWatch(lw *cache.ListWatch, selector sharding.Selector) *cache.ListWatch {
	var noShardInfo sync.Once
	return &cache.ListWatch{
		ListWithContextFunc: func(ctx context.Context, options metav1.ListOptions) (runtime.Object, error) {
			list, err := lw.ListWithContext(ctx, options)
			if err != nil {
				return nil, err
			}
			if sharded, ok := list.(metav1.ShardedListInterface); !ok || sharded.GetShardInfo() == nil {
				noShardInfo.Do(func() {
					log.Printf("a LIST page carried no shardInfo: the API server did not filter it; checking each object here")
				})
			}
			items, err := meta.ExtractList(list)
			if err != nil {
				return nil, err
			}
			kept := make([]runtime.Object, 0, len(items))
			for _, item := range items {
				ok, err := selector.Matches(item)
				if err != nil {
					return nil, err
				}
				if ok {
					kept = append(kept, item)
				}
			}
			// The page keeps its resourceVersion and continue token: paging goes on.
			if err := meta.SetList(list, kept); err != nil {
				return nil, err
			}
			return list, nil
		},
		WatchFuncWithContext: func(ctx context.Context, options metav1.ListOptions) (watch.Interface, error) {
			w, err := lw.WatchWithContext(ctx, options)
			if err != nil {
				return nil, err
			}
			return newCheckedWatch(w, selector), nil
		},
	}
}

// checkedWatch forwards the events of source that belong to the shard.
type checkedWatch struct {
	source   watch.Interface
	selector sharding.Selector
	result   chan watch.Event
	done     chan struct{}
	stopOnce sync.Once
}

func newCheckedWatch(source watch.Interface, selector sharding.Selector) *checkedWatch {
	w := &checkedWatch{source: source, selector: selector, result: make(chan watch.Event), done: make(chan struct{})}
	go w.run()
	return w
}

func (w *checkedWatch) run() {
	defer close(w.result)
	for event := range w.source.ResultChan() {
		switch event.Type {
		case watch.Added, watch.Modified, watch.Deleted:
			ok, err := w.selector.Matches(event.Object)
			if err != nil {
				log.Printf("shard check failed, event dropped: %v", err)
				continue
			}
			if !ok {
				continue
			}
		}
		// BOOKMARK (its object has no uid: checking it would drop it on every other shard,
		// and the resourceVersion would lag) and ERROR pass through untouched.
		select {
		case w.result <- event:
		case <-w.done:
			return
		}
	}
}

func (w *checkedWatch) Stop() {
	w.stopOnce.Do(func() {
		close(w.done)
		w.source.Stop()
	})
}

func (w *checkedWatch) ResultChan() <-chan watch.Event { return w.result }
`;
}

/**
 * A standalone program (standard library only) printing replica i of n's selector with equal
 * ranges, `[floor(i*2^64/n), floor((i+1)*2^64/n))`, bounds as `0x%016x` and the last end as
 * 2^64, exactly as the page splits. Defaults to the current layout's count and key.
 */
export function splitHelperSnippet(n: number, key: string): string {
  return `// Command shardselector prints the shardSelector of replica i of n (every replica with -i -1):
// equal ranges, replica i owning [floor(i*2^64/n), floor((i+1)*2^64/n)).
//
//	go run shardselector.go -n ${n} -i 0
package main

import (
	"flag"
	"fmt"
	"math/bits"
	"os"
)

// bound returns floor(i*2^64/n) as the API server writes a bound: 0x and 16 hex digits, or
// 0x10000000000000000 (2^64) for the end of the last range.
func bound(i, n uint64) string {
	if i == n {
		return "0x10000000000000000"
	}
	q, _ := bits.Div64(i, 0, n) // (i*2^64 + 0) / n; i < n, so the quotient fits in 64 bits
	return fmt.Sprintf("0x%016x", q)
}

// Selector returns replica i of n's shardSelector on the field key.
func Selector(key string, i, n uint64) string {
	return fmt.Sprintf("shardRange(%s, '%s', '%s')", key, bound(i, n), bound(i+1, n))
}

func main() {
	n := flag.Uint64("n", ${n}, "number of replicas")
	i := flag.Int64("i", -1, "replica index from 0 to n-1; -1 prints every replica")
	key := flag.String("key", ${q(key)}, "${SHARD_KEYS.join(' or ')}")
	flag.Parse()
	if *n < 1 || *i < -1 || *i >= int64(*n) {
		fmt.Fprintf(os.Stderr, "need n >= 1 and -1 <= i < n, got n=%d i=%d\\n", *n, *i)
		os.Exit(2)
	}
	if *i >= 0 {
		fmt.Println(Selector(*key, uint64(*i), *n))
		return
	}
	for r := uint64(0); r < *n; r++ {
		fmt.Println(Selector(*key, r, *n))
	}
}
`;
}
