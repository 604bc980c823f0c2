// Measures, with Go's own standard library, the per-object costs the model charges an API
// server: one shard check (FNV-1a 64 over a uid, formatted "0x%016x" and compared with a
// range's bounds, as apimachinery's pkg/sharding Selector.Matches does per watcher per
// event) and JSON encoding of a pod-shaped object (the watch cache serialises each event
// once for all its watchers). Run by `npm run bench` (bench/apiserver-costs.ts) when `go`
// is installed; prints one JSON line.
//
// This is our own benchmark loop, not Kubernetes code: it reproduces the work the apiserver
// does per object (the hash, the hex formatting, the string comparisons), with the same
// standard-library calls.
package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"runtime"
	"testing"
)

type envVar struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type port struct {
	ContainerPort int32  `json:"containerPort"`
	Name          string `json:"name"`
	Protocol      string `json:"protocol"`
}

type resources struct {
	Requests map[string]string `json:"requests"`
	Limits   map[string]string `json:"limits"`
}

type ownerRef struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	UID        string `json:"uid"`
	Controller bool   `json:"controller"`
}

type toleration struct {
	Key               string `json:"key"`
	Operator          string `json:"operator"`
	Effect            string `json:"effect"`
	TolerationSeconds int64  `json:"tolerationSeconds"`
}

type condition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastTransitionTime string `json:"lastTransitionTime"`
}

type container struct {
	Name      string    `json:"name"`
	Image     string    `json:"image"`
	Args      []string  `json:"args"`
	Env       []envVar  `json:"env"`
	Resources resources `json:"resources"`
	Ports     []port    `json:"ports"`
}

type pod struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name              string            `json:"name"`
		Namespace         string            `json:"namespace"`
		UID               string            `json:"uid"`
		ResourceVersion   string            `json:"resourceVersion"`
		CreationTimestamp string            `json:"creationTimestamp"`
		Labels            map[string]string `json:"labels"`
		Annotations       map[string]string `json:"annotations"`
		OwnerReferences   []ownerRef        `json:"ownerReferences"`
	} `json:"metadata"`
	Spec struct {
		NodeName    string       `json:"nodeName"`
		Containers  []container  `json:"containers"`
		Tolerations []toleration `json:"tolerations"`
	} `json:"spec"`
	Status struct {
		Phase      string      `json:"phase"`
		PodIP      string      `json:"podIP"`
		Conditions []condition `json:"conditions"`
	} `json:"status"`
}

func samplePod(i int) pod {
	var p pod
	p.APIVersion, p.Kind = "v1", "Pod"
	p.Metadata.Name = fmt.Sprintf("web-7c9f8d6b5-%05d", i)
	p.Metadata.Namespace = "payments-prod"
	p.Metadata.UID = fmt.Sprintf("3f2b%04x-9c1e-4d2a-8f6b-%012x", i, i*7919)
	p.Metadata.ResourceVersion = fmt.Sprint(1000 + i)
	p.Metadata.CreationTimestamp = "2026-11-30T12:00:00Z"
	p.Metadata.Labels = map[string]string{"app": "web", "pod-template-hash": "7c9f8d6b5", "tier": "frontend", "version": "v2"}
	p.Metadata.Annotations = map[string]string{"kubectl.kubernetes.io/restartedAt": "2026-11-30T11:59:00Z", "prometheus.io/scrape": "true"}
	p.Metadata.OwnerReferences = []ownerRef{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-7c9f8d6b5", UID: "11111111-2222-3333-4444-555555555555", Controller: true}}
	p.Spec.NodeName = fmt.Sprintf("node-%03d", i%200)
	for c := 0; c < 3; c++ {
		p.Spec.Containers = append(p.Spec.Containers, container{
			Name: fmt.Sprintf("c%d", c), Image: "registry.example.com/web/app:v2.14.3",
			Args:      []string{"--port=8080", "--log-level=info", "--metrics-addr=:9090"},
			Env:       []envVar{{"GOMAXPROCS", "2"}, {"POD_NAME", p.Metadata.Name}, {"REGION", "eu-west-1"}},
			Resources: resources{Requests: map[string]string{"cpu": "250m", "memory": "256Mi"}, Limits: map[string]string{"cpu": "1", "memory": "512Mi"}},
			Ports:     []port{{8080, "http", "TCP"}, {9090, "metrics", "TCP"}},
		})
	}
	p.Spec.Tolerations = []toleration{{"node.kubernetes.io/not-ready", "Exists", "NoExecute", 300}}
	p.Status.Phase, p.Status.PodIP = "Running", fmt.Sprintf("10.%d.%d.%d", i%250, (i/250)%250, i%7)
	for _, t := range []string{"Initialized", "Ready", "ContainersReady", "PodScheduled"} {
		p.Status.Conditions = append(p.Status.Conditions, condition{t, "True", "2026-11-30T12:00:05Z"})
	}
	return p
}

var sink int

func main() {
	uids := make([]string, 4096)
	for i := range uids {
		uids[i] = samplePod(i).Metadata.UID
	}
	start, end := "0x4000000000000000", "0x8000000000000000"
	// One shard check: hash the field, format it, compare with the bounds (HexLess: same length, then lexical).
	check := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			h := fnv.New64a()
			h.Write([]byte(uids[n&4095]))
			s := "0x" + fmt.Sprintf("%016x", h.Sum64())
			if s >= start && s < end {
				sink++
			}
		}
	})
	pods := make([]pod, 256)
	for i := range pods {
		pods[i] = samplePod(i)
	}
	var total int
	for i := range pods {
		out, err := json.Marshal(&pods[i])
		if err != nil {
			panic(err)
		}
		total += len(out)
	}
	perPod := float64(total) / float64(len(pods))
	encode := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			out, _ := json.Marshal(&pods[n&255])
			sink += len(out)
		}
	})
	fmt.Fprintf(os.Stdout, "{\"go\":%q,\"shardCheckNs\":%.1f,\"jsonEncodeNsPerByte\":%.3f,\"podJsonBytes\":%.0f}\n",
		runtime.Version(), float64(check.NsPerOp()), float64(encode.NsPerOp())/perPod, perPod)
}
